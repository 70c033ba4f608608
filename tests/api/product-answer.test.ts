import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setModerator } from '#server/moderation/items.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let moderator: SignedUp;
beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app, { phone_number: '08031234567' });
  moderator = await signUp(api.app);
  await setModerator(api.database.db, moderator.email, true);
});
afterAll(() => api.close());

const get = (url: string, person?: SignedUp) => api.app.inject({ method: 'GET', url, headers: person ? bearer(person.access) : {} });

async function shopWithProduct(name: string) {
  const shop = await createShop(api.app, owner.access, { name, area: 'Yaba', state: 'Lagos' });
  const [product] = (await addProducts(api.app, owner.access, shop.id, [{ name: 'Tecno Spark 10', price: 85000 }])).json();
  return { shopId: shop.id, productId: product.id as string };
}

describe("one product's answer", () => {
  it("carries just what the product's page shows of its shop", async () => {
    const { shopId, productId } = await shopWithProduct('Zz Summary Phones');
    const answer = await get(`/shops/products/${productId}/`);
    expect(answer.statusCode).toBe(200);
    const { shop, ...product } = answer.json();
    expect(product).toMatchObject({ id: productId, name: 'Tecno Spark 10', price: 85000, shop_id: shopId });
    expect(shop).toMatchObject({
      id: shopId,
      name: 'Zz Summary Phones',
      area: 'Yaba',
      state: 'Lagos',
      rating_average: 0,
      rating_count: 0,
      is_sponsored: false,
      owner_phone: expect.any(String),
      whatsapp: null,
    });
    expect(shop.short_code).toEqual(expect.any(String));
    expect(shop.image_url).toEqual(expect.any(String));
    expect(shop.image).toMatchObject({ url: shop.image_url });
    expect(Object.keys(shop).sort()).toEqual(
      [
        'area',
        'id',
        'image',
        'image_url',
        'is_sponsored',
        'name',
        'owner_phone',
        'phone_verified',
        'rating_average',
        'rating_count',
        'short_code',
        'stall_visited_at',
        'bank_match',
        'state',
        'whatsapp',
      ].sort(),
    );
  });

  it('counts no visit to the shop', async () => {
    const { shopId, productId } = await shopWithProduct('Zz Uncounted Phones');
    const visits = async () => (await get(`/shops/${shopId}`, owner)).json().visitor_count as number;
    const before = await visits();
    for (const agent of ['Phone one', 'Phone two']) {
      await api.app.inject({ method: 'GET', url: `/shops/products/${productId}/`, headers: { 'user-agent': agent } });
    }
    expect(await visits()).toBe(before);
  });

  it('is a 404 to the public while its shop is hidden, but not to its owner', async () => {
    const { shopId, productId } = await shopWithProduct('Zz Hidden Phones');
    const hidden = await api.app.inject({
      method: 'POST',
      url: `/moderation/shops/${shopId}/actions`,
      payload: { action: 'hide', note: 'Sells fake phones' },
      headers: bearer(moderator.access),
    });
    expect(hidden.statusCode).toBe(200);
    expect((await get(`/shops/products/${productId}/`)).statusCode).toBe(404);
    expect((await get(`/shops/products/${productId}/`, await signUp(api.app))).statusCode).toBe(404);
    expect((await get(`/shops/products/${productId}/`, owner)).json().shop).toMatchObject({ id: shopId });
  });

  it('is described with its shop in /openapi.json', async () => {
    const spec = (await get('/openapi.json')).json();
    const answer = spec.paths['/shops/products/{id}'].get.responses['200'].content['application/json'].schema;
    expect(answer.required).toContain('shop');
    expect(Object.keys(answer.properties.shop.properties)).toEqual(expect.arrayContaining(['name', 'rating_average', 'is_sponsored', 'owner_phone']));
  });

  it('is a 404 for an unknown id', async () => {
    expect((await get('/shops/products/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
  });
});
