import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { s3Storage } from '#server/media/s3-storage.ts';
import { S3_CREDENTIALS, type S3Server, startS3Server } from '../support/s3-server';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, newPerson, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

// The API with its photos in a real S3-compatible bucket (s3rver), as S3_BUCKET sets it up.
let s3: S3Server;
let api: TestApi;
let owner: SignedUp;
beforeAll(async () => {
  for (const [name, value] of Object.entries(S3_CREDENTIALS)) vi.stubEnv(name, value);
  s3 = await startS3Server();
  api = await startTestApi({ env: s3.env });
  owner = await signUp(api.app);
});
afterAll(async () => {
  await api.close();
  await s3.stop();
  vi.unstubAllEnvs();
});

async function bucketKeys(): Promise<string[]> {
  const keys = [];
  for await (const entry of s3Storage(s3.settings).list()) keys.push(entry.key);
  return keys.sort();
}

/** The keys of a shop's photo and its copies, from the URLs the API gave. */
const keysOf = (shop: { image_url: string; image: { variants: { url: string }[] } }) =>
  [shop.image_url, ...shop.image.variants.map((variant) => variant.url)].map((url) => new URL(url).pathname.replace(/^\/media\//, '')).sort();

it('stores a shop’s photo in the bucket and relays it at /media with the same headers, and a 404 for an unknown key', async () => {
  const shop = await createShop(api.app, owner.access);

  expect(await bucketKeys()).toEqual(expect.arrayContaining(keysOf(shop)));
  const photo = await api.app.inject({ method: 'GET', url: new URL(shop.image_url).pathname });
  expect(photo.statusCode).toBe(200);
  expect(photo.headers).toMatchObject({ 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=31536000, s-maxage=300, immutable' });
  expect(Number(photo.headers['content-length'])).toBe(photo.rawPayload.length);
  expect((await api.app.inject({ method: 'GET', url: '/media/shops/00000000-0000-4000-8000-000000000000/main.jpg' })).statusCode).toBe(404);
});

it('leaves nothing in the bucket from a batch that is refused after its photos were stored', async () => {
  const shop = await createShop(api.app, owner.access);
  const before = await bucketKeys();

  const refused = await addProducts(api.app, owner.access, shop.id, [
    { name: 'Fine row', price: 100 },
    { name: 'Too dear', price: 1_000_001 },
  ]);

  expect(refused.statusCode).toBe(400);
  expect(await bucketKeys()).toEqual(before);
});

it('removes a deleted shop’s photos, and its products’, from the bucket', async () => {
  const shop = await createShop(api.app, owner.access);
  expect((await addProducts(api.app, owner.access, shop.id, [{ name: 'Garri', price: 900 }])).statusCode).toBe(201);
  const withShop = await bucketKeys();

  const gone = await api.app.inject({ method: 'DELETE', url: `/shops/${shop.id}/delete/`, headers: bearer(owner.access) });

  expect(gone.statusCode).toBe(204);
  const after = await bucketKeys();
  expect(after.length).toBeLessThan(withShop.length);
  expect(after.filter((key) => keysOf(shop).includes(key))).toEqual([]);
});

it('removes a deleted account’s shop and product photos from the bucket', async () => {
  const person = await signUp(api.app);
  const shop = await createShop(api.app, person.access);
  expect((await addProducts(api.app, person.access, shop.id, [{ name: 'Garri', price: 900 }])).statusCode).toBe(201);
  const withShop = await bucketKeys();

  const gone = await api.app.inject({
    method: 'POST',
    url: '/auth/account/delete',
    headers: bearer(person.access),
    payload: { current_password: newPerson().password },
  });

  expect(gone.statusCode).toBe(204);
  const after = await bucketKeys();
  // The shop's photo and copies, and the product's.
  expect(after.length).toBeLessThan(withShop.length - keysOf(shop).length);
  expect(after.filter((key) => keysOf(shop).includes(key))).toEqual([]);
});
