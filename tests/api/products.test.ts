import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { pdfBytes } from '../fixtures/images';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, multipart, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop, pngPart } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let shopId: string;
beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
  shopId = (await createShop(api.app, owner.access)).id;
});
afterAll(() => api.close());

const listProducts = async () =>
  (await api.app.inject({ method: 'GET', url: `/shops/${shopId}/products` })).json() as { id: string; name: string; price: number }[];

describe('adding products in a batch', () => {
  it('creates every row with its own image, prices as numbers', async () => {
    const response = await addProducts(api.app, owner.access, shopId, [
      { name: 'Jollof rice (large)', price: 2500 },
      { name: 'Zobo drink', price: '350.50' },
      { name: 'Chin chin', price: 800 },
    ]);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ['Jollof rice (large)', 2500],
      ['Zobo drink', 350.5],
      ['Chin chin', 800],
    ]);
    expect(new Set(created.map((p: { image_url: string }) => p.image_url)).size).toBe(3);
  });

  it('lists the products of a batch in the order they were typed, on the shop and in its product list', async () => {
    const shop = (await createShop(api.app, owner.access)).id;
    const names = ['Garri', 'Beans', 'Rice', 'Yam', 'Plantain', 'Egusi', 'Ogbono', 'Crayfish', 'Palm oil', 'Pepper'];
    expect(
      (
        await addProducts(
          api.app,
          owner.access,
          shop,
          names.map((name) => ({ name, price: 100 })),
        )
      ).statusCode,
    ).toBe(201);
    const listed = (await api.app.inject({ method: 'GET', url: `/shops/${shop}/products` })).json() as { name: string }[];
    const onShop = (await api.app.inject({ method: 'GET', url: `/shops/${shop}` })).json() as { products: { name: string }[] };
    expect(listed.map((product) => product.name)).toEqual(names);
    expect(onShop.products.map((product) => product.name)).toEqual(names);
  });

  it('accepts the indexed form fields too', async () => {
    const body = await multipart(
      { 'products[0][name]': 'Puff puff', 'products[0][price]': '200', 'products[1][name]': 'Moi moi', 'products[1][price]': '500' },
      [await pngPart('products[0][image]'), await pngPart('products[1][image]')],
    );
    const response = await api.app.inject({
      method: 'POST',
      url: `/shops/${shopId}/products/batch-create`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner.access) },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().map((p: { name: string }) => p.name)).toEqual(['Puff puff', 'Moi moi']);
  });

  it("does not read Conform's dotted naming as a product row", async () => {
    const before = await listProducts();
    const body = await multipart({ 'products[0].name': 'Puff puff', 'products[0].price': '200' }, [await pngPart('products[0].image')]);
    const response = await api.app.inject({
      method: 'POST',
      url: `/shops/${shopId}/products/batch-create`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner.access) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ products: [MSG.productsRequired] });
    expect(await listProducts()).toEqual(before);
  });

  it('creates nothing when one row is wrong, and names the row', async () => {
    const before = await listProducts();
    const response = await addProducts(api.app, owner.access, shopId, [
      { name: 'Fine row', price: 100 },
      { name: '', price: '-5' },
      { name: 'Too dear', price: 1_000_001 },
      { name: 'Free', price: 0 },
      { name: 'Letters', price: '12abc' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      products: [
        {},
        { name: [MSG.productNameRequired], price: [MSG.priceNegative] },
        { price: [MSG.priceTooHigh] },
        { price: [MSG.priceNotPositive] },
        { price: [MSG.priceInvalid] },
      ],
      non_field_errors: [MSG.fixErrors],
    });
    expect(await listProducts()).toEqual(before);
  });

  it('needs one valid image per row', async () => {
    const body = await multipart(
      {
        products: JSON.stringify([
          { name: 'A', price: 1 },
          { name: 'B', price: 2 },
        ]),
      },
      [await pngPart('images'), { field: 'images', filename: 'b.png', type: 'image/png', data: pdfBytes() }],
    );
    const wrongImage = await api.app.inject({
      method: 'POST',
      url: `/shops/${shopId}/products/batch-create/`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner.access) },
    });
    expect(wrongImage.json().products).toEqual([{}, { image: [MSG.imageType] }]);
    const missing = await multipart({ products: JSON.stringify([{ name: 'A', price: 1 }]) });
    const noImage = await api.app.inject({
      method: 'POST',
      url: `/shops/${shopId}/products/batch-create/`,
      payload: missing.payload,
      headers: { ...missing.headers, ...bearer(owner.access) },
    });
    expect(noImage.json().products).toEqual([{ image: [MSG.productImageRequired] }]);
  });

  it('explains malformed and empty product lists', async () => {
    for (const [products, message] of [
      ['not json', MSG.productsMalformed],
      ['{"name":"x"}', MSG.productsMalformed],
      ['[]', MSG.productsRequired],
    ]) {
      const body = await multipart({ products: products! });
      const response = await api.app.inject({
        method: 'POST',
        url: `/shops/${shopId}/products/batch-create/`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(owner.access) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().products).toEqual([message]);
    }
  });
});

describe('editing and deleting a product', () => {
  it('changes the price, says when nothing changed, and checks the edit price rules', async () => {
    const [product] = (await addProducts(api.app, owner.access, shopId, [{ name: 'Garri (bag)', price: 15000 }])).json();
    const edit = async (fields: Record<string, string>) => {
      const body = await multipart(fields);
      return api.app.inject({
        method: 'PUT',
        url: `/shops/products/${product.id}/update/`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(owner.access) },
      });
    };
    const cheaper = await edit({ price: '14500.75', name: '' });
    expect(cheaper.statusCode).toBe(200);
    expect(cheaper.json().product).toMatchObject({ id: product.id, name: 'Garri (bag)', price: 14500.75 });
    expect((await edit({ price: '14500.75' })).json()).toEqual({ non_field_errors: [MSG.noChanges] });
    expect((await edit({})).json()).toEqual({ non_field_errors: [MSG.noChanges] });
    expect((await edit({ price: '1.999' })).json()).toEqual({ price: [MSG.editPricePattern] });
    expect((await edit({ price: '0' })).json()).toEqual({ price: [MSG.editPricePositive] });
    expect((await edit({ price: '-3' })).json()).toEqual({ price: [MSG.editPricePositive] });
    const fetched = await api.app.inject({ method: 'GET', url: `/shops/products/${product.id}/` });
    expect(fetched.json().price).toBe(14500.75);
  });

  it('starts a product in stock, not negotiable, with no description or condition, and saves the ones the owner sets', async () => {
    const [product] = (await addProducts(api.app, owner.access, shopId, [{ name: 'iPhone 8 (64 GB)', price: 95000 }])).json();
    expect(product).toMatchObject({ description: null, condition: null, negotiable: false, in_stock: true });
    const edit = async (fields: Record<string, string>) => {
      const body = await multipart(fields);
      return api.app.inject({
        method: 'PUT',
        url: `/shops/products/${product.id}/update/`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(owner.access) },
      });
    };
    const described = await edit({ description: '  Clean, battery 89 %.\r\nCharger included.  ', condition: 'tokunbo', negotiable: 'true', in_stock: 'false' });
    expect(described.statusCode).toBe(200);
    const saved = { description: 'Clean, battery 89 %.\nCharger included.', condition: 'tokunbo', negotiable: true, in_stock: false };
    expect(described.json().product).toMatchObject(saved);
    expect((await api.app.inject({ method: 'GET', url: `/shops/products/${product.id}/` })).json()).toMatchObject(saved);
    expect((await edit({ condition: 'tokunbo', negotiable: 'true' })).json()).toEqual({ non_field_errors: [MSG.noChanges] });
    expect((await edit({ condition: 'unstated', in_stock: 'true' })).json().product).toMatchObject({ condition: null, in_stock: true });
    expect((await edit({ condition: 'broken' })).json()).toEqual({ condition: [MSG.invalidChoice] });
    expect((await edit({ negotiable: 'maybe' })).json()).toEqual({ negotiable: [MSG.invalidChoice] });
    expect((await edit({ description: 'x'.repeat(1001) })).json()).toEqual({ description: [MSG.tooLong(1000)] });
    // Sent blank, the description is taken away; blank name and price still mean "not given".
    expect((await edit({ description: ' ', name: '', price: '' })).json().product).toMatchObject({ description: null, name: 'iPhone 8 (64 GB)', price: 95000 });
  });

  it('deletes a product', async () => {
    const [product] = (await addProducts(api.app, owner.access, shopId, [{ name: 'Expired bread', price: 500 }])).json();
    const gone = await api.app.inject({ method: 'DELETE', url: `/shops/products/${product.id}/delete/`, headers: bearer(owner.access) });
    expect(gone.statusCode).toBe(204);
    expect((await listProducts()).map((p) => p.id)).not.toContain(product.id);
    expect((await api.app.inject({ method: 'GET', url: `/shops/products/${product.id}` })).statusCode).toBe(404);
  });
});
