import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { hugePngHeader, noisyJpeg, pdfBytes, truncatedJpeg } from '../fixtures/images';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, multipart, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop, jpegPart, postShop, SHOP_FIELDS } from './support/shops';

let api: TestApi;
let owner: SignedUp;
beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
});
afterAll(() => api.close());

async function mediaFiles(): Promise<string[]> {
  const root = path.join(api.dataDir, 'media');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

describe('creating a shop', () => {
  it('stores the shop with a re-encoded image and its variants, served from /media', async () => {
    const response = await postShop(api.app, owner.access, { ...SHOP_FIELDS, name: '  Iya Basira Foods  ', tags: 'Amala, Ewedu' });
    expect(response.statusCode).toBe(201);
    const shop = response.json();
    expect(shop).toMatchObject({
      name: 'Iya Basira Foods',
      category: 'Food',
      owner_phone: '+2348031234567',
      visitor_count: 0,
      tags: ['amala', 'ewedu'],
      is_sponsored: false,
      sponsored_until: null,
      products: [],
    });
    expect(shop.owner_status).toMatch(/^Active seller since \w+ \d{4}$/);
    expect(shop.image_url).toBe(shop.image.url);
    expect(shop.image.variants.length).toBeGreaterThan(0);
    const mediaPath = new URL(shop.image_url).pathname;
    const served = await api.app.inject({ method: 'GET', url: mediaPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('describes each copy of the photo by width and type, AVIF and WebP, and gives the colour to show while it loads', async () => {
    const shop = (await postShop(api.app, owner.access, { ...SHOP_FIELDS, name: 'Mama Nkechi Fabrics' })).json();
    const variants = shop.image.variants as { width: number; url: string; type: string }[];
    expect(new Set(variants.map((variant) => variant.type))).toEqual(new Set(['image/avif', 'image/webp']));
    for (const type of ['image/avif', 'image/webp']) {
      expect(variants.filter((variant) => variant.type === type).map((variant) => variant.width)).toEqual(
        variants.filter((variant) => variant.type === 'image/webp').map((variant) => variant.width),
      );
    }
    expect(shop.image.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
    const avif = variants.find((variant) => variant.type === 'image/avif')!;
    expect(avif.url).toMatch(/\/w\d+\.avif$/);
    const served = await api.app.inject({ method: 'GET', url: new URL(avif.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    // The same image in the shop's own answer and in the list.
    expect((await api.app.inject({ method: 'GET', url: `/shops/${shop.id}` })).json().image).toEqual(shop.image);
  });

  it('names each missing field in the words of docs/product.md §5 and keeps no image', async () => {
    const before = await mediaFiles();
    const response = await postShop(api.app, owner.access, { name: ' ', address: '', category: '', description: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: [MSG.shopNameRequired],
      address: [MSG.shopAddressRequired],
      category: [MSG.shopCategoryRequired],
      description: [MSG.shopDescriptionRequired],
    });
    expect(await mediaFiles()).toEqual(before);
  });

  it('requires an image, and treats an untouched file input as none', async () => {
    const noFile = await postShop(api.app, owner.access, SHOP_FIELDS, []);
    expect(noFile.json()).toEqual({ image: [MSG.shopImageRequired] });
    const untouched = await postShop(api.app, owner.access, SHOP_FIELDS, [
      { field: 'image', filename: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
    ]);
    expect(untouched.json()).toEqual({ image: [MSG.shopImageRequired] });
  });

  it('refuses files that are not JPEG or PNG by name, declared type and content', async () => {
    const cases: [string, string, Buffer | Promise<Buffer>, string][] = [
      ['cat.gif', 'image/gif', Buffer.from('GIF89a'), MSG.imageExtension],
      ['photo.jpg', 'image/gif', (await jpegPart()).data, MSG.imageType],
      ['invoice.jpg', 'image/jpeg', pdfBytes(), MSG.imageType],
      ['cut.jpg', 'image/jpeg', truncatedJpeg(), MSG.imageUnreadable],
      ['empty.jpg', 'image/jpeg', Buffer.alloc(0), MSG.fileEmpty],
      ['bomb.png', 'image/png', hugePngHeader(), MSG.imageTooManyPixels],
    ];
    const before = await mediaFiles();
    for (const [filename, type, data, message] of cases) {
      const response = await postShop(api.app, owner.access, SHOP_FIELDS, [{ field: 'image', filename, type, data: await data }]);
      expect(response.statusCode, filename).toBe(400);
      expect(response.json(), filename).toEqual({ image: [message] });
    }
    expect(await mediaFiles()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413 in the contract shape', async () => {
    const big = await noisyJpeg({ width: 2600, height: 2600 });
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const response = await postShop(api.app, owner.access, SHOP_FIELDS, [{ field: 'image', filename: 'big.jpg', type: 'image/jpeg', data: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: MSG.uploadTooLargeShort, status: 413 });
  });

  it('answers a JSON body with 415 and no token with 401', async () => {
    const json = await api.app.inject({ method: 'POST', url: '/shops/', payload: SHOP_FIELDS, headers: bearer(owner.access) });
    expect(json.statusCode).toBe(415);
    const body = await multipart(SHOP_FIELDS, [await jpegPart()]);
    const anonymous = await api.app.inject({ method: 'POST', url: '/shops', payload: body.payload, headers: body.headers });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('viewing shops', () => {
  it('counts each visitor and includes the products', async () => {
    const shop = await createShop(api.app, owner.access, { name: 'Visit Counter Stores' });
    expect((await addProducts(api.app, owner.access, shop.id, [{ name: 'Ankara fabric', price: 4500 }])).statusCode).toBe(201);
    await api.app.inject({ method: 'GET', url: `/shops/${shop.id}`, remoteAddress: '102.89.10.1' });
    const second = await api.app.inject({ method: 'GET', url: `/shops/${shop.id}/`, remoteAddress: '102.89.10.2' });
    expect(second.statusCode).toBe(200);
    expect(second.json().visitor_count).toBe(2);
    expect(second.json().products).toEqual([expect.objectContaining({ name: 'Ankara fabric', price: 4500, shop_id: shop.id })]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const response = await api.app.inject({ method: 'GET', url: `/shops/${encodeURIComponent(id)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: MSG.notFound });
    }
  });

  it('ignores a bad token on public calls', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/shops', headers: bearer('expired-or-forged') });
    expect(response.statusCode).toBe(200);
  });
});

describe('search', () => {
  beforeAll(async () => {
    const seller = await signUp(api.app);
    const phones = await createShop(api.app, seller.access, { name: 'Zenith Phones Hub', category: 'Phones', address: 'Computer Village, Ikeja' });
    await addProducts(api.app, seller.access, phones.id, [{ name: 'Tecno Spark charger', price: 3500 }]);
    await createShop(api.app, seller.access, { name: 'Kano Leather Works', category: 'Fashion', address: 'Kurmi Market, Kano', tags: 'sandals, bags' });
    await createShop(api.app, seller.access, { name: '50% Off Corner', category: 'fashion', address: 'Wuse, Abuja' });
  });

  const search = async (query: string) => {
    const response = await api.app.inject({ method: 'GET', url: `/shops?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as { for_you: { name: string }[]; count: number; next_page: number | null };
  };

  it('finds shops by product name, tag, address and category, in any letter case', async () => {
    expect((await search('q=SPARK')).for_you.map((s) => s.name)).toEqual(['Zenith Phones Hub']);
    expect((await search('q=sandals')).for_you.map((s) => s.name)).toEqual(['Kano Leather Works']);
    expect((await search('q=kurmi%20kano')).for_you.map((s) => s.name)).toEqual(['Kano Leather Works']);
    expect((await search('q=computer village')).count).toBe(1);
  });

  it('filters by category exactly, ignoring letter case', async () => {
    const names = (await search('category=FASHION')).for_you.map((s) => s.name).sort();
    expect(names).toEqual(['50% Off Corner', 'Kano Leather Works']);
    expect((await search('category=fash')).count).toBe(0);
  });

  it('treats % and _ as plain characters', async () => {
    expect((await search('q=50%25')).for_you.map((s) => s.name)).toEqual(['50% Off Corner']);
    expect((await search('q=%25%25')).count).toBe(0);
    expect((await search('q=_')).count).toBe(0);
  });

  it('pages the list and falls back to defaults for nonsense paging values', async () => {
    const first = await search('page_size=2');
    expect(first.for_you).toHaveLength(2);
    expect(first.next_page).toBe(2);
    const nonsense = await search('page=abc&page_size=-4');
    expect(nonsense.for_you.length).toBeGreaterThan(2);
  });

  it('suggests at most 5 shops and lists categories with counts', async () => {
    const suggestions = await api.app.inject({ method: 'GET', url: '/shops/suggest?q=kano' });
    expect(suggestions.json().results).toEqual([expect.objectContaining({ name: 'Kano Leather Works', category: 'Fashion' })]);
    const categories = await api.app.inject({ method: 'GET', url: '/categories' });
    expect(categories.json().categories).toEqual(expect.arrayContaining([{ name: expect.stringMatching(/^fashion$/i), count: 2 }]));
  });
});

describe('editing and deleting a shop', () => {
  it('changes only what was sent and says when nothing changed', async () => {
    const shop = await createShop(api.app, owner.access, { name: 'Before Name' });
    const edit = async (fields: Record<string, string>, files = [] as Awaited<ReturnType<typeof jpegPart>>[]) => {
      const body = await multipart(fields, files);
      return api.app.inject({ method: 'PUT', url: `/shops/${shop.id}/update/`, payload: body.payload, headers: { ...body.headers, ...bearer(owner.access) } });
    };
    const renamed = await edit({ name: 'After Name', address: '' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'After Name', address: SHOP_FIELDS.address });
    const unchanged = await edit({ name: 'After Name', category: SHOP_FIELDS.category });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toEqual({ non_field_errors: [MSG.noChanges] });
    const before = await mediaFiles();
    const newPhoto = await edit({}, [await jpegPart()]);
    expect(newPhoto.statusCode).toBe(200);
    expect(newPhoto.json().image_url).not.toBe(shop.image_url);
    expect((await mediaFiles()).length).toBe(before.length);
    expect((await api.app.inject({ method: 'GET', url: new URL(shop.image_url).pathname })).statusCode).toBe(404);
  });

  it('deletes the shop with its products and their images', async () => {
    const before = await mediaFiles();
    const shop = await createShop(api.app, owner.access, { name: 'Short-lived Shop' });
    await addProducts(api.app, owner.access, shop.id, [
      { name: 'Bag', price: 100 },
      { name: 'Shoe', price: 200 },
    ]);
    const gone = await api.app.inject({ method: 'DELETE', url: `/shops/${shop.id}/delete/`, headers: bearer(owner.access) });
    expect(gone.statusCode).toBe(204);
    expect((await api.app.inject({ method: 'GET', url: `/shops/${shop.id}` })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: `/shops/${shop.id}/products` })).statusCode).toBe(404);
    expect(await mediaFiles()).toEqual(before);
  });
});
