import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HIDDEN_REFRESH_MS } from '#server/media/hidden-media.ts';
import { setModerator } from '#server/moderation/items.ts';
import { S3_CREDENTIALS, type S3Server, startS3Server } from '../support/s3-server';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

type Image = { image_url: string; image: { variants: { url: string }[] } };
type OwnShop = Image & { id: string; products?: Image[] };

const HOUR = 60 * 60_000;
const urlsOf = (item: Image) => [item.image_url, ...item.image.variants.map((variant) => variant.url)];
/** What a request for `url` asks this API: its path and, for a signed link, its query. */
const pathOf = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return pathname + search;
};

/**
 * Hiding, for one storage: the disk, or an S3 bucket (s3rver) behind a CDN (MEDIA_PUBLIC_URL) whose origin
 * is the API's own /media.
 */
function hidingOn(storage: string, start: (clock: () => Date) => Promise<{ api: TestApi; stop(): Promise<void> }>) {
  describe(`a hidden shop's photos, with the photos on ${storage}`, () => {
    let now = new Date('2026-03-02T10:00:00Z');
    let started: { api: TestApi; stop(): Promise<void> };
    let api: TestApi;
    let owner: SignedUp;
    let moderator: SignedUp;
    beforeAll(async () => {
      started = await start(() => now);
      api = started.api;
      [owner, moderator] = [await signUp(api.app), await signUp(api.app)];
      await setModerator(api.database.db, moderator.email, true);
    });
    afterAll(() => started.stop());

    const get = (url: string, person?: SignedUp) => api.app.inject({ method: 'GET', url: pathOf(url), headers: person ? bearer(person.access) : {} });
    const statuses = async (urls: string[]) => Promise.all(urls.map(async (url) => (await get(url)).statusCode));
    const act = async (shopId: string, action: 'hide' | 'restore') => {
      const answer = await api.app.inject({
        method: 'POST',
        url: `/moderation/shops/${shopId}/actions`,
        payload: { action, note: 'Sells stolen phones' },
        headers: bearer(moderator.access),
      });
      expect(answer.statusCode).toBe(200);
      return answer.json() as { shop: { image_url: string } };
    };
    /** A shop with one product, and every URL a visitor was given for their photos. */
    async function shopWithProduct() {
      const shop = await createShop(api.app, owner.access);
      const products = (await addProducts(api.app, owner.access, shop.id, [{ name: 'Tecno Spark 20', price: 95000 }])).json() as Image[];
      return { shop, urls: [...urlsOf(shop), ...urlsOf(products[0]!)] };
    }
    const ownView = async (shopId: string) => {
      const profile = (await get('/auth/profile', owner)).json() as { shops: OwnShop[] };
      return profile.shops.find((shop) => shop.id === shopId)!;
    };

    it('answer 404 to visitors once hidden, whatever they add to the URL, and 200 again once restored', async () => {
      const { shop, urls } = await shopWithProduct();
      expect(await statuses(urls)).toEqual(urls.map(() => 200));

      await act(shop.id, 'hide');
      expect(await statuses(urls)).toEqual(urls.map(() => 404));
      const anyKey = new URL(urls[0]!).pathname;
      for (const query of ['?until=99999999999&sig=AAAAAAAAAAAAAAAAAAAAAA', '?until=&sig=', '?sig=x&sig=y']) {
        expect((await api.app.inject({ method: 'GET', url: anyKey + query })).statusCode).toBe(404);
      }
      // A visitor signed in is no owner: still a 404.
      const stranger = await signUp(api.app);
      expect((await get(urls[0]!, stranger)).statusCode).toBe(404);

      await act(shop.id, 'restore');
      expect(await statuses(urls)).toEqual(urls.map(() => 200));
    });

    it('stay open to the owner and the moderators through the signed links their answers hold, for their eyes only', async () => {
      const { shop } = await shopWithProduct();
      const detail = await act(shop.id, 'hide');

      const own = await ownView(shop.id);
      const ownUrls = [...urlsOf(own), ...urlsOf(own.products![0]!)];
      const shopPage = (await get(`/shops/${shop.id}`, owner)).json() as OwnShop;
      const products = (await get(`/shops/${shop.id}/products`, owner)).json() as Image[];
      for (const url of [...ownUrls, ...urlsOf(shopPage), ...urlsOf(products[0]!), detail.shop.image_url]) {
        expect(url).toMatch(/\/media\/(shops|products)\/[\w-]+\/[\w.]+\?until=\d+&sig=[\w-]+$/);
        const photo = await get(url);
        expect(photo.statusCode).toBe(200);
        expect(photo.headers['cache-control']).toBe('private, max-age=3600');
      }
      // A signature opens only the photo it was made for.
      const [main, copy] = ownUrls.map((url) => new URL(url));
      expect((await api.app.inject({ method: 'GET', url: copy!.pathname + main!.search })).statusCode).toBe(404);

      // Once restored, the owner's answers give the plain URL again.
      await act(shop.id, 'restore');
      expect(new URL((await ownView(shop.id)).image_url).search).toBe('');
    });

    it('a signed link holds for one to two hours', async () => {
      const { shop } = await shopWithProduct();
      await act(shop.id, 'hide');
      const url = (await ownView(shop.id)).image_url;
      now = new Date(now.getTime() + HOUR);
      expect((await get(url)).statusCode).toBe(200);
      now = new Date(now.getTime() + HOUR);
      expect((await get(url)).statusCode).toBe(404);
      expect((await get((await ownView(shop.id)).image_url)).statusCode).toBe(200);
    });

    it('photos the owner adds while the shop is hidden are hidden too, and linked for them', async () => {
      const { shop } = await shopWithProduct();
      await act(shop.id, 'hide');
      const added = (await addProducts(api.app, owner.access, shop.id, [{ name: 'Itel A70', price: 65000 }])).json() as Image[];
      const signed = urlsOf(added[0]!);
      for (const url of signed) expect((await get(url)).statusCode).toBe(200);
      for (const url of signed) expect((await get(new URL(url).pathname)).statusCode).toBe(404);
    });

    it(`is hidden within ${HIDDEN_REFRESH_MS / 1000} s when another instance hid it`, async () => {
      const { shop, urls } = await shopWithProduct();
      await api.database.db.execute(`update shops set hidden_at = now(), hidden_reason = 'Elsewhere' where id = '${shop.id}'`);
      await vi.waitFor(async () => expect(await statuses(urls)).toEqual(urls.map(() => 404)), { timeout: HIDDEN_REFRESH_MS + 3000, interval: 250 });
    });
  });
}

hidingOn('disk', async (clock) => {
  const api = await startTestApi({ clock });
  return { api, stop: () => api.close() };
});

hidingOn('S3', async (clock) => {
  for (const [name, value] of Object.entries(S3_CREDENTIALS)) vi.stubEnv(name, value);
  const s3: S3Server = await startS3Server();
  const api = await startTestApi({ clock, env: { ...s3.env, MEDIA_PUBLIC_URL: 'https://media.kasuwa.ng/media' } });
  return {
    api,
    async stop() {
      await api.close();
      await s3.stop();
      vi.unstubAllEnvs();
    },
  };
});
