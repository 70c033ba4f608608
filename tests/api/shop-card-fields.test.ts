import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, multipart, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop, postShop, SHOP_FIELDS } from './support/shops';

let api: TestApi;
let owner: SignedUp;
beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
});
afterAll(() => api.close());

const listed = async (query: string) => {
  const response = await api.app.inject({ method: 'GET', url: `/shops?${query}` });
  return { status: response.statusCode, body: response.json() };
};

describe('a shop’s state and area', () => {
  it('are optional: a client that never sends them creates a shop with neither', async () => {
    const shop = (await postShop(api.app, owner.access)).json();
    expect(shop).toMatchObject({ state: null, area: null });
  });

  it('are stored as given on create and changed on edit, a state outside the list refused in plain words', async () => {
    const created = await postShop(api.app, owner.access, { ...SHOP_FIELDS, state: 'Lagos', area: '  Yaba ' });
    expect(created.statusCode).toBe(201);
    const shop = created.json();
    expect(shop).toMatchObject({ state: 'Lagos', area: 'Yaba' });
    const refused = await postShop(api.app, owner.access, { ...SHOP_FIELDS, state: 'Lagoss', area: 'x'.repeat(TEXT_MAX.shopArea + 1) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ state: [MSG.unknownState], area: [MSG.tooLong(TEXT_MAX.shopArea)] });

    const body = await multipart({ state: 'Abuja (FCT)', area: 'Wuse 2' }, []);
    const edited = await api.app.inject({
      method: 'PUT',
      url: `/shops/${shop.id}/update/`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner.access) },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ state: 'Abuja (FCT)', area: 'Wuse 2', name: SHOP_FIELDS.name });
    expect((await api.app.inject({ method: 'GET', url: `/shops/${shop.id}` })).json()).toMatchObject({ state: 'Abuja (FCT)', area: 'Wuse 2' });

    // Sent blank, an optional field is emptied; a blank required field still keeps its value.
    const emptied = await multipart({ state: '', area: '', tags: '', name: '' }, []);
    const cleared = await api.app.inject({
      method: 'PUT',
      url: `/shops/${shop.id}/update/`,
      payload: emptied.payload,
      headers: { ...emptied.headers, ...bearer(owner.access) },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ state: null, area: null, tags: [], name: SHOP_FIELDS.name });
  });

  it('narrow the list to a state with GET /shops?state=, with search and category too', async () => {
    const kano = await createShop(api.app, owner.access, { name: 'Kurmi Leather', category: 'Fashion', state: 'Kano', area: 'Kurmi Market' });
    await createShop(api.app, owner.access, { name: 'Kurmi Lookalike', category: 'Fashion', state: 'Oyo' });
    const inKano = await listed('state=Kano');
    expect(inKano.status).toBe(200);
    expect(inKano.body.for_you.map((shop: { id: string }) => shop.id)).toEqual([kano.id]);
    expect((await listed('state=Kano&q=kurmi&category=fashion')).body.for_you.map((shop: { id: string }) => shop.id)).toEqual([kano.id]);
    expect((await listed('q=kurmi')).body.for_you.length).toBe(2);
    expect(await listed('state=Atlantis')).toMatchObject({ status: 400, body: { state: [MSG.unknownState] } });
  });

  it('are described in /openapi.json', async () => {
    const spec = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const list = spec.paths['/shops'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(list).toContain('state');
    expect(JSON.stringify(spec)).toContain('"area"');
  });
});

describe('a shop’s own phone and WhatsApp numbers', () => {
  const edit = async (id: string, fields: Record<string, string>) => {
    const body = await multipart(fields, []);
    return api.app.inject({ method: 'PUT', url: `/shops/${id}/update/`, payload: body.payload, headers: { ...body.headers, ...bearer(owner.access) } });
  };

  it('replace the sign-up number for Call, are kept as +234, and emptied give it back', async () => {
    const created = await postShop(api.app, owner.access, { ...SHOP_FIELDS, phone: '0905 111 2222' });
    expect(created.statusCode).toBe(201);
    const shop = created.json();
    expect(shop).toMatchObject({ phone: '+2349051112222', whatsapp: null, owner_phone: '+2349051112222' });

    expect((await edit(shop.id, { whatsapp: '08127776666' })).json()).toMatchObject({ whatsapp: '+2348127776666', owner_phone: '+2349051112222' });
    expect((await edit(shop.id, { whatsapp: 'call me' })).json()).toEqual({ whatsapp: [MSG.phoneInvalid] });
    const emptied = (await edit(shop.id, { phone: '', whatsapp: '' })).json();
    expect(emptied).toMatchObject({ phone: null, whatsapp: null, owner_phone: '+2348031234567' });
  });
});

describe('a shop’s lowest price', () => {
  it('comes with each listed shop, from its cheapest product, and is null without products', async () => {
    const priced = await createShop(api.app, owner.access, { name: 'Cheapest First', state: 'Gombe' });
    const empty = await createShop(api.app, owner.access, { name: 'Nothing Yet', state: 'Gombe' });
    expect(
      (
        await addProducts(api.app, owner.access, priced.id, [
          { name: 'Pot', price: 9000 },
          { name: 'Spoon', price: '120.50' },
          { name: 'Cup', price: 500 },
        ])
      ).statusCode,
    ).toBe(201);
    const lowest = Object.fromEntries(
      (await listed('state=Gombe')).body.for_you.map((shop: { name: string; lowest_price: number | null }) => [shop.name, shop.lowest_price]),
    );
    expect(lowest).toEqual({ 'Cheapest First': 120.5, 'Nothing Yet': null });
    expect((await api.app.inject({ method: 'GET', url: `/shops/${empty.id}` })).json().lowest_price).toBeNull();
  });
});
