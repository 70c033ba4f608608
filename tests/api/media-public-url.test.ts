import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';
import { createShop } from './support/shops';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { MEDIA_PUBLIC_URL: 'https://media.kasuwa.ng/' } });
});
afterAll(() => api.close());

it('with MEDIA_PUBLIC_URL, image URLs point at the public bucket or CDN, and the /media relay still serves each key', async () => {
  const owner = await signUp(api.app);
  const shop = await createShop(api.app, owner.access);

  const urls = [shop.image_url, ...shop.image.variants.map((variant) => variant.url)];
  for (const url of urls) expect(url).toMatch(/^https:\/\/media\.kasuwa\.ng\/shops\/[\w-]+\/[\w.]+$/);
  for (const url of urls) {
    const key = url.slice('https://media.kasuwa.ng/'.length);
    expect((await api.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(200);
  }
  const profile = (await api.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization: `Bearer ${owner.access}` } })).json() as {
    shops: { image_url: string }[];
  };
  expect(profile.shops[0]!.image_url).toBe(shop.image_url);
});
