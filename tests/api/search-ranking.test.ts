import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

let api: TestApi;
let ownerId: string;
beforeAll(async () => {
  api = await startTestApi();
  const seller = await signUp(api.app);
  ownerId = seller.id;
  const shop = (fields: Parameters<typeof createShop>[2]) => createShop(api.app, seller.access, fields);
  // Oldest first: the list is newest first, so each shop holding the words only in its description is newer.
  await shop({ name: 'Mama Rice Kitchen', category: 'Food', address: 'Allen Avenue, Ikeja', state: 'Lagos', description: 'Jollof and ofada.' });
  const stores = await shop({ name: 'Iya Basira Stores', category: 'Groceries', address: 'Oja Oba', state: 'Oyo', description: 'Provisions.' });
  await addProducts(api.app, seller.access, stores.id, [{ name: 'Rice, 50 kg bag', price: 78_500 }]);
  await shop({ name: 'Ada Boutique', category: 'Fashion', address: 'Rice Mill Road, Kano', state: 'Kano', description: 'Ankara and lace.' });
  await shop({ name: 'Chidi Phones', category: 'Phones', address: 'Computer Village', state: 'Lagos', description: 'We also sell rice cookers.' });
});
afterAll(() => api.close());

type Listed = { for_you: { name: string }[]; sponsored_shops: { name: string }[]; count: number; count_capped: boolean; next_page: number | null };

async function list(query: string): Promise<Listed> {
  const response = await api.app.inject({ method: 'GET', url: `/shops?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as Listed;
}

const names = async (query: string) => (await list(query)).for_you.map((shop) => shop.name);

describe('search ranks shops by where the words are', () => {
  it('lists shops holding the word in their name or products before newer ones holding it in their description or address', async () => {
    expect(await names('q=rice')).toEqual(['Iya Basira Stores', 'Mama Rice Kitchen', 'Chidi Phones', 'Ada Boutique']);
  });

  it('keeps the ranking with the best rated first', async () => {
    expect(await names('q=rice&sort=rating')).toEqual(['Iya Basira Stores', 'Mama Rice Kitchen', 'Chidi Phones', 'Ada Boutique']);
  });

  it('reads a category as a place the word is', async () => {
    expect(await names('q=phones')).toEqual(['Chidi Phones']);
    expect(await names('q=groceries%20rice')).toEqual(['Iya Basira Stores']);
  });

  it('pages through both parts, one shop a page, with the same count on each', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`q=rice&page_size=1&page=${page}`)));
    expect(pages.map((page) => page.for_you.map((shop) => shop.name))).toEqual([
      ['Iya Basira Stores'],
      ['Mama Rice Kitchen'],
      ['Chidi Phones'],
      ['Ada Boutique'],
    ]);
    expect(pages.map((page) => page.next_page)).toEqual([2, 3, 4, null]);
    expect(pages.map((page) => page.count)).toEqual([4, 4, 4, 4]);
  });

  it('ranks the sponsored shops the same way', async () => {
    await api.database.db.execute(sql`update shops set sponsored_until = now() + interval '1 day' where name in ('Mama Rice Kitchen', 'Ada Boutique')`);
    try {
      // Another address than the first test's: the API keeps its answers a moment.
      const listed = await list('q=rice&page_size=10');
      expect(listed.sponsored_shops.map((shop) => shop.name)).toEqual(['Mama Rice Kitchen', 'Ada Boutique']);
      expect(listed.for_you.map((shop) => shop.name)).toEqual(['Iya Basira Stores', 'Chidi Phones']);
    } finally {
      await api.database.db.execute(sql`update shops set sponsored_until = null`);
    }
  });

  it('past the shops it can rank at once, the shops named for the word still come first and the rest follow on the right page', async () => {
    await api.database.db.execute(sql`
      insert into shops (owner_id, name, address, category, description, image, created_at)
      select ${ownerId}, 'Ofada Hub ' || n, 'Ring Road', 'Food', 'Local rice.', '{"key": "x/main.jpg", "width": 8, "height": 6, "variants": []}'::jsonb,
        now() - interval '1 day' - n * interval '1 minute'
      from generate_series(1, 402) as n`);
    // 402 shops with "ofada" in their name, then Mama Rice Kitchen holding it in its description.
    const seen: string[] = [];
    for (let page = 1; page <= 7; page++) {
      const listed = await list(`q=ofada&page_size=67&page=${page}`);
      expect(listed.count_capped).toBe(true);
      expect(listed.next_page).toBe(page < 7 ? page + 1 : null);
      seen.push(...listed.for_you.map((shop) => shop.name));
    }
    expect(seen).toEqual([...Array.from({ length: 402 }, (_, at) => `Ofada Hub ${at + 1}`), 'Mama Rice Kitchen']);
  });
});
