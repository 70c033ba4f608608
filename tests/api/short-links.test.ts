import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_LINK_LOOKUPS_PER_MINUTE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH, shortCodeOf } from '#rules/short-code.ts';
import { shops } from '#server/db/schema.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, multipart, type SignedUp, signUp } from './support/requests';
import { createShop } from './support/shops';

let api: TestApi;
let owner: SignedUp;
beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
});
afterAll(() => api.close());

async function shortCodeOfShop(id: string): Promise<string> {
  const response = await api.app.inject({ method: 'GET', url: `/shops/${id}/` });
  return response.json().short_code;
}

describe('a shop’s short link', () => {
  it('is six characters with no look-alikes (0, o, 1, l, i), different for every shop', async () => {
    const [a, b] = [await createShop(api.app, owner.access, { name: 'Ada Fabrics' }), await createShop(api.app, owner.access, { name: 'Bola Shoes' })];
    const [codeA, codeB] = [await shortCodeOfShop(a.id), await shortCodeOfShop(b.id)];
    expect(shortCodeOf(codeA)).toBe(codeA);
    expect(codeB).not.toBe(codeA);
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[0o1li]/);

    // The database draws every code from the shared alphabet, and over many draws uses all of it.
    const { rows } = (await api.database.db.execute(sql`select kasuwa_short_code() as code from generate_series(1, 2000)`)) as { rows: { code: string }[] };
    const drawn = rows.map((row) => row.code);
    expect(drawn.every((code) => code.length === SHORT_CODE_LENGTH && shortCodeOf(code) === code)).toBe(true);
    expect(new Set(drawn.join('')).size).toBe(SHORT_CODE_ALPHABET.length);
  });

  it('is never given to a second shop: a code already taken is drawn again', async () => {
    const shop = await createShop(api.app, owner.access, { name: 'Chika Phones' });
    const [{ code: first }] = ((await api.database.db.execute(sql`select setseed(0.25), kasuwa_short_code() as code`)) as { rows: { code: string }[] })
      .rows as [{ code: string }];
    await api.database.db.update(shops).set({ shortCode: first }).where(eq(shops.id, shop.id));
    const [{ code: second }] = ((await api.database.db.execute(sql`select setseed(0.25), kasuwa_short_code() as code`)) as { rows: { code: string }[] })
      .rows as [{ code: string }];
    expect(second).not.toBe(first);
  });

  it('stays the same when the shop is renamed, and still finds it', async () => {
    const shop = await createShop(api.app, owner.access, { name: 'Dayo Electronics' });
    const code = await shortCodeOfShop(shop.id);
    const body = await multipart({ name: 'Dayo Electronics and Phones' });
    const renamed = await api.app.inject({
      method: 'PUT',
      url: `/shops/${shop.id}/update/`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner.access) },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Dayo Electronics and Phones', short_code: code });

    const found = await api.app.inject({ method: 'GET', url: `/shops/short/${code.toUpperCase()}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ id: shop.id, short_code: code, name: 'Dayo Electronics and Phones', stall_visited_at: null });
  });

  it('an unknown or malformed code is a 404', async () => {
    for (const code of ['zzzzzz', 'k7m2q', 'k7m2qx0', 'ab%20cd', 'looooo']) {
      const response = await api.app.inject({ method: 'GET', url: `/shops/short/${code}` });
      expect(response.statusCode, code).toBe(404);
    }
  });

  it('is looked up at most so many times a minute from one address, then a 429 says when to try again; other addresses go on', async () => {
    const shop = await createShop(api.app, owner.access, { name: 'Emeka Poster Stall' });
    const code = await shortCodeOfShop(shop.id);
    const lookUp = (address: string, typed = code) => api.app.inject({ method: 'GET', url: `/shops/short/${typed}`, headers: { 'x-forwarded-for': address } });
    // Unknown codes count too: they are what a script trying codes asks for.
    for (let i = 0; i < SHORT_LINK_LOOKUPS_PER_MINUTE; i++) {
      const response = await lookUp('203.0.113.40', i % 2 ? code : 'zzzzzz');
      expect(response.statusCode, `lookup ${i + 1}`).toBe(i % 2 ? 200 : 404);
    }
    const refused = await lookUp('203.0.113.40');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ detail: MSG.throttled(Number(refused.headers['retry-after'])) });
    expect((await lookUp('2001:db8:5::1')).statusCode).toBe(200);
    expect((await lookUp('203.0.113.41')).json()).toMatchObject({ id: shop.id, short_code: code });
  });
});
