import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  const seller = await signUp(api.app);
  const shop = await createShop(api.app, seller.access, { name: 'Oja Oba Provisions' });
  await addProducts(api.app, seller.access, shop.id, [{ name: 'Template', price: 100 }]);
  // More products than the first walk reads, a second apart, newest first by n; "Rice bag n" where a search for rice must find them.
  // Without the triggers that rewrite the shop's search text for every product: the search reads product names.
  await api.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into products (shop_id, name, price, image, created_at)
      select ${shop.id}, case when n in (100, 1999, 2000, 2300, 2301, 2302, 2303, 2304, 2305) then 'Rice bag ' || n else 'Sugar cube ' || n end,
        500, (select image from products limit 1), now() - make_interval(secs => n)
      from generate_series(1, 2500) as n`);
  });
});
afterAll(() => api.close());

it('lists the newest matches in order when they lie on both sides of the first walk’s bound', async () => {
  const response = await api.app.inject({ method: 'GET', url: '/products/search?q=rice&limit=8' });
  expect(response.statusCode).toBe(200);
  const names = (response.json() as { results: { name: string }[] }).results.map((product) => product.name);
  expect(names).toEqual([
    'Rice bag 100',
    'Rice bag 1999',
    'Rice bag 2000',
    'Rice bag 2300',
    'Rice bag 2301',
    'Rice bag 2302',
    'Rice bag 2303',
    'Rice bag 2304',
  ]);
});
