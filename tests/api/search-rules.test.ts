import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setModerator } from '#server/moderation/items.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  const seller = await signUp(api.app);
  const shop = (fields: Parameters<typeof createShop>[2]) => createShop(api.app, seller.access, fields);
  await shop({
    name: 'Mama Put Foods',
    category: 'Food',
    address: '3 Broad Street, Lagos Island',
    state: 'Lagos',
    description: 'Ofada rice and stew every day.',
  });
  await shop({
    name: 'Fair Deal Provisions',
    category: 'Groceries',
    address: '8 Awolowo Road, Ikoyi',
    state: 'Lagos',
    description: 'The best prices in town.',
  });
  await shop({ name: 'Kurmi Grains', category: 'Food', address: 'Kurmi Market, Lagos Street', state: 'Kano', description: 'Rice and beans by the bag.' });
  await shop({ name: 'Glow Beauty Lounge', category: 'Beauty', address: 'Wuse 2', state: 'Abuja (FCT)', description: 'Electric hair clippers and braids.' });
  await shop({ name: 'Africana Bookshop', category: 'Books', address: 'Ring Road', state: 'Oyo', description: 'African novels and school books.' });
  await shop({ name: 'Balogun Fabrics', category: 'Fashion', address: 'Balogun Market, Lagos Island', state: 'Lagos', description: 'Ankara and lace.' });
  const named = await shop({ name: 'Okra Corner', category: 'Food', address: 'Allen Avenue', state: 'Lagos', description: 'We also sell rice.' });
  await addProducts(api.app, seller.access, named.id, [{ name: 'Okra soup', price: 1500 }]);
  const hidden = await shop({ name: 'Hidden Kitchen', category: 'Food', address: 'Opebi Road', state: 'Lagos', description: 'Closed for now.' });
  await addProducts(api.app, seller.access, hidden.id, [{ name: 'Okra stew', price: 900 }]);
  const moderator = await signUp(api.app);
  await setModerator(api.database.db, moderator.email, true);
  const hide = await api.app.inject({
    method: 'POST',
    url: `/moderation/shops/${hidden.id}/actions`,
    payload: { action: 'hide', note: 'Sells stolen phones' },
    headers: bearer(moderator.access),
  });
  expect(hide.statusCode).toBe(200);
  await shop({ name: 'Soup Spot', category: 'Food', address: 'Opebi Road', state: 'Lagos', description: 'Hot okra soup and eba.' });
});
afterAll(() => api.close());

const names = async (query: string) => {
  const response = await api.app.inject({ method: 'GET', url: `/shops?${query}` });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { for_you: { name: string }[] };
  return body.for_you.map((shop) => shop.name);
};

const suggested = async (q: string) => {
  const response = await api.app.inject({ method: 'GET', url: `/shops/suggest?q=${encodeURIComponent(q)}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { results: { name: string }[] }).results.map((shop) => shop.name);
};

describe('search reads words, not strings', () => {
  it('finds a word where a word begins, never inside another word', async () => {
    expect((await names('q=rice')).sort()).toEqual(['Kurmi Grains', 'Mama Put Foods', 'Okra Corner']);
    expect(await names('q=prices')).toEqual(['Fair Deal Provisions']);
    expect(await names('q=ices')).toEqual([]);
  });

  it('suggests by word beginnings: "ric" is not in "electric" or "Africana"', async () => {
    expect((await suggested('ric')).sort()).toEqual(['Kurmi Grains', 'Mama Put Foods', 'Okra Corner']);
    expect(await suggested('afri')).toEqual(['Africana Bookshop']);
  });
});

describe('a state named in the query', () => {
  it('means that state: "rice lagos" is rice sold in Lagos state', async () => {
    expect((await names('q=rice%20lagos')).sort()).toEqual(['Mama Put Foods', 'Okra Corner']);
    expect((await names('q=RICE%20Kano')).sort()).toEqual(['Kurmi Grains']);
  });

  it('reads two-word states and Abuja by either name', async () => {
    expect(await names('q=beauty%20abuja')).toEqual(['Glow Beauty Lounge']);
    expect(await names('q=fct%20beauty')).toEqual(['Glow Beauty Lounge']);
    expect(await names('q=beauty%20akwa%20ibom')).toEqual([]);
  });

  it('suggests within the state too', async () => {
    expect((await suggested('rice lagos')).sort()).toEqual(['Mama Put Foods', 'Okra Corner']);
  });
});

describe('typos', () => {
  it('finds a word spelt with a letter or two wrong when nothing matches exactly', async () => {
    expect(await names('q=Baloogun')).toEqual(['Balogun Fabrics']);
    expect(await names('q=Ballogun%20fabrics')).toEqual(['Balogun Fabrics']);
    expect(await suggested('Baloogun')).toEqual(['Balogun Fabrics']);
  });

  it('reads a word holding what is left of a broken address as written, so it finds nothing', async () => {
    expect(await names('q=Balogun%EF%BF%BD')).toEqual([]);
    expect(await suggested('Balogun\uFFFD')).toEqual([]);
  });

  it('does not widen a query that already finds shops', async () => {
    expect(await names('q=balogun')).toEqual(['Balogun Fabrics']);
    expect(await names('q=fabric')).toEqual(['Balogun Fabrics']);
  });
});

describe('products in search', () => {
  const products = async (q: string) => {
    const response = await api.app.inject({ method: 'GET', url: `/products/search?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as { results: { id: string; name: string; price: number; image_url: string; shop_id: string; shop_name: string }[] }).results;
  };

  it('finds products by the words of their names, with their price, photo and shop', async () => {
    const [found, ...rest] = await products('OKRA');
    expect(rest).toEqual([]);
    expect(found).toMatchObject({ name: 'Okra soup', price: 1500, shop_name: 'Okra Corner' });
    expect(found!.image_url).toMatch(/\/media\//);
    expect(await products('kra')).toEqual([]);
    expect((await products('okra lagos')).map((p) => p.name)).toEqual(['Okra soup']);
    expect(await products('okra kano')).toEqual([]);
    expect((await products('okraa')).map((p) => p.name)).toEqual(['Okra soup']);
  });

  it("never shows a hidden shop's products", async () => {
    expect(await products('stew')).toEqual([]);
  });
});
