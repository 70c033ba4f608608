import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SHOPS_ACCOUNT_MAX, SAVED_SHOPS_COOKIE_MAX, SAVED_WRITES_PER_HOUR } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { createShop } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let shopIds: string[];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
  shopIds = [];
  for (let i = 0; i < 3; i += 1) shopIds.push((await createShop(api.app, owner.access)).id);
});
afterAll(() => api.close());

const save = (person: SignedUp, id: string) => api.app.inject({ method: 'PUT', url: `/saved/${id}/`, headers: bearer(person.access) });
const unsave = (person: SignedUp, id: string) => api.app.inject({ method: 'DELETE', url: `/saved/${id}/`, headers: bearer(person.access) });
const savedIds = async (person: SignedUp) => (await api.app.inject({ method: 'GET', url: '/saved/ids', headers: bearer(person.access) })).json().shop_ids;
const merge = (person: SignedUp, ids: unknown) =>
  api.app.inject({ method: 'POST', url: '/saved/merge/', payload: { shop_ids: ids } as object, headers: bearer(person.access) });

describe('saved shops', () => {
  it('keeps one save per person and shop, lists them newest first, and removes them', async () => {
    const buyer = await signUp(api.app);
    expect((await save(buyer, shopIds[0]!)).statusCode).toBe(201);
    expect((await save(buyer, shopIds[0]!)).statusCode).toBe(200);
    expect((await save(buyer, shopIds[1]!)).statusCode).toBe(201);
    expect(await savedIds(buyer)).toEqual([shopIds[1], shopIds[0]]);
    const list = (await api.app.inject({ method: 'GET', url: '/saved/', headers: bearer(buyer.access) })).json();
    expect(list.results.map((shop: { id: string }) => shop.id)).toEqual([shopIds[1], shopIds[0]]);
    expect((await unsave(buyer, shopIds[1]!)).statusCode).toBe(204);
    expect((await unsave(buyer, shopIds[1]!)).statusCode).toBe(204);
    expect(await savedIds(buyer)).toEqual([shopIds[0]]);
  });

  it('answers 404 when saving a shop that does not exist', async () => {
    const buyer = await signUp(api.app);
    expect((await save(buyer, UNKNOWN)).statusCode).toBe(404);
    expect((await save(buyer, 'not-an-id')).statusCode).toBe(404);
    expect(await savedIds(buyer)).toEqual([]);
  });

  it('requires a signed-in person to save, remove, list or merge', async () => {
    const calls = [
      { method: 'PUT', url: `/saved/${shopIds[0]}/` },
      { method: 'DELETE', url: `/saved/${shopIds[0]}/` },
      { method: 'GET', url: '/saved/' },
      { method: 'GET', url: '/saved/ids' },
      { method: 'POST', url: '/saved/merge/', payload: { shop_ids: [] } },
    ] as const;
    for (const call of calls) expect((await api.app.inject(call)).statusCode).toBe(401);
  });

  it('merges a visitor’s saved shops once, skipping unknown ones, however often it is sent', async () => {
    const buyer = await signUp(api.app);
    await save(buyer, shopIds[0]!);
    const first = await merge(buyer, [shopIds[2], UNKNOWN, shopIds[0]]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ added: 1, shop_ids: [shopIds[2], shopIds[0]] });
    const again = await merge(buyer, [shopIds[2], UNKNOWN, shopIds[0]]);
    expect(again.json()).toEqual({ added: 0, shop_ids: [shopIds[2], shopIds[0]] });
  });

  it(`takes at most ${SAVED_SHOPS_COOKIE_MAX} ids in a merge, and only shop ids`, async () => {
    const buyer = await signUp(api.app);
    const tooMany = Array.from({ length: SAVED_SHOPS_COOKIE_MAX + 1 }, () => UNKNOWN);
    expect((await merge(buyer, tooMany)).statusCode).toBe(400);
    expect((await merge(buyer, ['x'])).statusCode).toBe(400);
    expect((await merge(buyer, 'all')).statusCode).toBe(400);
    const huge = await api.app.inject({
      method: 'POST',
      url: '/saved/merge/',
      payload: JSON.stringify({ shop_ids: [], padding: 'x'.repeat(100_000) }),
      headers: { ...bearer(buyer.access), 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(await savedIds(buyer)).toEqual([]);
  });

  it(`keeps at most ${SAVED_SHOPS_ACCOUNT_MAX} saved shops in an account, in a save as in a merge`, async () => {
    const buyer = await signUp(api.app);
    const image = JSON.stringify({ key: 'x.jpg', width: 1, height: 1, variants: [] });
    await api.database.db.execute(sql`
      with made as (
        insert into shops (owner_id, name, address, category, description, image)
        select ${owner.id}, 'Bulk ' || n, 'Somewhere', 'Food', '', ${image}::jsonb from generate_series(1, ${SAVED_SHOPS_ACCOUNT_MAX - 1}) as n
        returning id
      )
      insert into saved_shops (user_id, shop_id) select ${buyer.id}, id from made`);
    expect((await save(buyer, shopIds[0]!)).statusCode).toBe(201);
    const refused = await save(buyer, shopIds[1]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: MSG.savedFullAccount });
    expect((await merge(buyer, [shopIds[1], shopIds[2]])).json().added).toBe(0);
    expect(await savedIds(buyer)).toHaveLength(SAVED_SHOPS_ACCOUNT_MAX);
  });

  it(`lets one person save or remove ${SAVED_WRITES_PER_HOUR} times an hour, then answers 429 to them alone`, async () => {
    const busy = await signUp(api.app);
    for (let i = 0; i < SAVED_WRITES_PER_HOUR; i += 1) {
      expect((await (i % 2 ? unsave(busy, shopIds[0]!) : save(busy, shopIds[0]!))).statusCode).toBeLessThan(300);
    }
    const refused = await save(busy, shopIds[1]!);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await merge(busy, [shopIds[1]])).statusCode).toBe(429);
    expect((await save(await signUp(api.app), shopIds[1]!)).statusCode).toBe(201);
  });

  it('forgets a deleted shop in everyone’s saved shops', async () => {
    const buyer = await signUp(api.app);
    const doomed = (await createShop(api.app, owner.access)).id;
    await save(buyer, doomed);
    await save(buyer, shopIds[0]!);
    expect((await api.app.inject({ method: 'DELETE', url: `/shops/${doomed}/delete/`, headers: bearer(owner.access) })).statusCode).toBe(204);
    expect(await savedIds(buyer)).toEqual([shopIds[0]]);
    const cards = (await api.app.inject({ method: 'GET', url: `/saved/shops?ids=${doomed},${shopIds[0]},nonsense` })).json();
    expect(cards.results.map((shop: { id: string }) => shop.id)).toEqual([shopIds[0]]);
  });
});
