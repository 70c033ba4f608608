import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, multipart, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop, jpegPart } from './support/shops';

let api: TestApi;
let ada: SignedUp;
let bola: SignedUp;
let shop: { id: string; name: string };
let productId: string;

beforeAll(async () => {
  api = await startTestApi();
  ada = await signUp(api.app);
  bola = await signUp(api.app);
  shop = await createShop(api.app, ada.access, { name: "Ada's Fabrics" });
  productId = (await addProducts(api.app, ada.access, shop.id, [{ name: 'Lace', price: 12000 }])).json()[0].id;
});
afterAll(() => api.close());

describe("another owner against Ada's shop", () => {
  const attempts: [string, 'PUT' | 'POST' | 'DELETE', () => string, boolean][] = [
    ['edit the shop', 'PUT', () => `/shops/${shop.id}/update/`, true],
    ['delete the shop', 'DELETE', () => `/shops/${shop.id}/delete/`, false],
    ['add products', 'POST', () => `/shops/${shop.id}/products/batch-create/`, true],
    ['edit a product', 'PUT', () => `/shops/products/${productId}/update/`, true],
    ['delete a product', 'DELETE', () => `/shops/products/${productId}/delete/`, false],
  ];

  for (const [what, method, url, withBody] of attempts) {
    it(`cannot ${what} (403) and changes nothing`, async () => {
      const body = withBody
        ? await multipart({ name: 'Hijacked', products: JSON.stringify([{ name: 'x', price: 1 }]), price: '1' }, [await jpegPart(), await jpegPart('images')])
        : undefined;
      const response = await api.app.inject({
        method,
        url: url(),
        payload: body?.payload,
        headers: { ...body?.headers, ...bearer(bola.access) },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MSG.forbidden });
      const after = (await api.app.inject({ method: 'GET', url: `/shops/${shop.id}` })).json();
      expect(after.name).toBe("Ada's Fabrics");
      expect(after.products.map((p: { id: string; name: string; price: number }) => [p.id, p.name, p.price])).toEqual([[productId, 'Lace', 12000]]);
    });
  }

  it('does not see the shop in their profile', async () => {
    const profile = (await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(bola.access) })).json();
    expect(profile.shops).toEqual([]);
    const mine = (await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(ada.access) })).json();
    expect(mine.shops.map((s: { id: string }) => s.id)).toEqual([shop.id]);
  });
});
