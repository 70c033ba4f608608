import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '#server/db/demo-owner.ts';
import { DEMO_SHOPS } from '#server/db/demo-shops.ts';
import { ads, products, type StoredImage, shops } from '#server/db/schema.ts';
import { seedDemo, seedDemoIfEmpty } from '#server/db/seed.ts';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';
import { createShop } from './support/shops';

/** Drawing and storing ~150 images takes a few seconds on two idle cores, far more on a busy CI machine. */
const SEEDING_MS = 180_000;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  await seedDemoIfEmpty(api.database.db, api.app.storage, api.app.log);
}, SEEDING_MS);
afterAll(() => api.close());

type ShopAnswer = { id: string; name: string; is_sponsored: boolean; image: { url: string; variants: unknown[] } };
type ListAnswer = { sponsored_shops: ShopAnswer[]; for_you: ShopAnswer[]; count: number };

async function listShops(): Promise<ListAnswer> {
  const response = await api.app.inject({ method: 'GET', url: '/shops?page_size=100' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function counts() {
  const [shopCount] = await api.database.db.select({ n: count() }).from(shops);
  const [productCount] = await api.database.db.select({ n: count() }).from(products);
  const [adCount] = await api.database.db.select({ n: count() }).from(ads);
  return { shops: shopCount!.n, products: productCount!.n, ads: adCount!.n };
}

async function mediaFiles(): Promise<string[]> {
  const root = path.join(api.dataDir, 'media');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Every storage key the database refers to: each image's main JPEG and its variants. */
async function referencedKeys(): Promise<string[]> {
  const images: StoredImage[] = [
    ...(await api.database.db.select({ image: shops.image }).from(shops)),
    ...(await api.database.db.select({ image: products.image }).from(products)),
  ].map((row) => row.image);
  return images.flatMap((image) => [image.key, ...image.variants.map((variant) => variant.key)]).sort();
}

describe('the demo seed', () => {
  it('looks lived in: every shop has a state, an area and its own number that rings nobody, and most have ratings', async () => {
    const list = await listShops();
    const demo = [...list.sponsored_shops, ...list.for_you] as unknown as {
      state: string | null;
      area: string | null;
      owner_phone: string;
      rating_count: number;
      visitor_count: number;
    }[];
    expect(demo.every((shop) => shop.state && shop.area && shop.visitor_count > 1)).toBe(true);
    const phones = demo.map((shop) => shop.owner_phone);
    expect(new Set(phones).size).toBe(demo.length);
    expect(phones.every((phone) => phone.startsWith('+234700000'))).toBe(true);
    const rated = demo.filter((shop) => shop.rating_count > 0);
    expect(rated.length).toBeGreaterThan(demo.length / 2);
    expect(rated.length).toBeLessThan(demo.length);
  });

  it('shows about 30 shops with images on the home page, the 2 sponsored ones first', async () => {
    const list = await listShops();
    const sponsoredNames = DEMO_SHOPS.filter((shop) => shop.sponsored).map((shop) => shop.name);
    expect(list.sponsored_shops.map((shop) => shop.name).sort()).toEqual(sponsoredNames.sort());
    expect(list.sponsored_shops.every((shop) => shop.is_sponsored)).toBe(true);
    expect(list.sponsored_shops.length + list.count).toBe(DEMO_SHOPS.length);
    expect(DEMO_SHOPS.length).toBeGreaterThanOrEqual(25);
    expect(list.for_you.some((shop) => shop.is_sponsored)).toBe(false);
    for (const shop of [...list.sponsored_shops, ...list.for_you]) expect(shop.image.variants.length).toBeGreaterThan(0);

    const served = await api.app.inject({ method: 'GET', url: new URL(list.for_you[0]!.image.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('gives every shop 3 to 6 products with naira prices, some with kobo', async () => {
    const list = await listShops();
    const prices: number[] = [];
    for (const shop of [...list.sponsored_shops, ...list.for_you]) {
      const response = await api.app.inject({ method: 'GET', url: `/shops/${shop.id}/products` });
      const shopProducts = response.json() as { price: number; image: { variants: unknown[] } }[];
      expect(shopProducts.length).toBeGreaterThanOrEqual(3);
      expect(shopProducts.length).toBeLessThanOrEqual(6);
      for (const product of shopProducts) expect(product.image.variants.length).toBeGreaterThan(0);
      prices.push(...shopProducts.map((product) => product.price));
    }
    expect(prices).toContain(850.5);
    expect(prices).toContain(350000);
  });

  it('finds demo shops by search, as a visitor would', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/shops?q=jollof' });
    const names = [...response.json().sponsored_shops, ...response.json().for_you].map((shop: ShopAnswer) => shop.name);
    expect(names).toContain("Mama Titi's Kitchen");
  });

  it('lets the demo owner sign in with the printed username or email and password', async () => {
    for (const login of [DEMO_OWNER.username, DEMO_OWNER.email]) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { username_or_email: login, password: DEMO_OWNER.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.username).toBe(DEMO_OWNER.username);
    }
  });

  it('is not seeded again on a database that already has shops', async () => {
    const before = { counts: await counts(), files: await mediaFiles() };
    await seedDemoIfEmpty(api.database.db, api.app.storage, api.app.log);
    expect(await counts()).toEqual(before.counts);
    expect(await mediaFiles()).toEqual(before.files);
  });

  it(
    "replaces itself when run again: same counts, old images removed, other owners' shops untouched",
    async () => {
      const other = await signUp(api.app);
      const theirShop = await createShop(api.app, other.access, { name: 'Not A Demo Shop' });
      const before = { counts: await counts(), files: await mediaFiles() };

      await seedDemo(api.database.db, api.app.storage);

      expect(await counts()).toEqual(before.counts);
      const after = await mediaFiles();
      expect(after).toEqual(await referencedKeys());
      expect(after.length).toBe(before.files.length);
      const [kept] = await api.database.db.select({ image: shops.image }).from(shops).where(eq(shops.id, theirShop.id));
      expect(after).toContain(kept!.image.key);
      const list = await listShops();
      expect(list.sponsored_shops).toHaveLength(2);
    },
    SEEDING_MS,
  );
});
