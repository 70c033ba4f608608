import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldVisits, VISITS_PER_ADDRESS } from '#server/shops/visits.ts';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';
import { createShop } from './support/shops';

const MINUTE = 60 * 1000;
const PHONE = 'Mozilla/5.0 (Linux; Android 10; TECNO KE5) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';

let api: TestApi;
let now = new Date('2026-03-02T10:00:00Z');
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  api = await startTestApi({ clock: () => now });
  owner = await signUp(api.app);
});
afterAll(() => api.close());

const later = (minutes: number) => (now = new Date(now.getTime() + minutes * MINUTE));
const newShop = async () => (await createShop(api.app, owner.access)).id;

/** The count as the database holds it: reading the shop through the API would count a visit itself. */
async function visitorCount(id: string): Promise<number> {
  const { rows } = (await api.database.db.execute(`select visitor_count from shops where id = '${id}'`)) as { rows: { visitor_count: number }[] };
  return rows[0]!.visitor_count;
}

/** A shop page opened straight at the API, from `address` with the browser `agent`. */
async function open(id: string, address: string, agent = PHONE) {
  const response = await api.app.inject({ method: 'GET', url: `/shops/${id}`, remoteAddress: address, headers: { 'user-agent': agent } });
  expect(response.statusCode).toBe(200);
  return response.json() as { visitor_count: number };
}

function report(body: object, remoteAddress = '127.0.0.1') {
  return api.app.inject({ method: 'POST', url: '/shops/visits/', payload: body, remoteAddress });
}

describe('a shop’s visits, counted once per visitor every 30 minutes', () => {
  it('sixty reloads by one visitor count one visit, which the first answer already shows', async () => {
    const id = await newShop();
    expect((await open(id, '102.89.1.1')).visitor_count).toBe(1);
    for (let i = 0; i < 59; i++) await open(id, '102.89.1.1');
    expect(await visitorCount(id)).toBe(1);
  });

  it('twenty reloads arriving at once still count one visit', async () => {
    const id = await newShop();
    await Promise.all(Array.from({ length: 20 }, () => open(id, '102.89.1.9')));
    expect(await visitorCount(id)).toBe(1);
  });

  it('another address, or another browser at the same address, is another visitor', async () => {
    const id = await newShop();
    await open(id, '102.89.2.1');
    await open(id, '102.89.2.2');
    await open(id, '102.89.2.1', LAPTOP);
    await open(id, '102.89.2.2');
    expect(await visitorCount(id)).toBe(3);
  });

  it('the same visitor counts again once 30 minutes have passed since the visit counted, not since the last reload', async () => {
    const id = await newShop();
    await open(id, '102.89.3.1');
    later(20);
    await open(id, '102.89.3.1');
    later(9);
    await open(id, '102.89.3.1');
    expect(await visitorCount(id)).toBe(1);
    later(1);
    await open(id, '102.89.3.1');
    expect(await visitorCount(id)).toBe(2);
  });

  it('each shop counts its own visitors', async () => {
    const [first, second] = [await newShop(), await newShop()];
    await open(first, '102.89.4.1');
    await open(second, '102.89.4.1');
    expect([await visitorCount(first), await visitorCount(second)]).toEqual([1, 1]);
  });

  it('behind the web tier, each visitor it names in X-Forwarded-For counts', async () => {
    const id = await newShop();
    for (const visitor of ['102.89.5.1', '102.89.5.2', '102.89.5.1']) {
      await api.app.inject({ method: 'GET', url: `/shops/${id}`, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': visitor, 'user-agent': PHONE } });
    }
    expect(await visitorCount(id)).toBe(2);
  });

  it('one address adds at most a few visits every 30 minutes, however many browsers it names', async () => {
    const id = await newShop();
    for (let i = 0; i < 20; i++) await open(id, '102.89.10.1', `${PHONE} ${i}`);
    expect(await visitorCount(id)).toBe(VISITS_PER_ADDRESS);
    // Another address is not held back by it, and the same address counts again in the next window.
    await open(id, '102.89.10.2');
    later(30);
    for (let i = 20; i < 40; i++) await open(id, '102.89.10.1', `${PHONE} ${i}`);
    expect(await visitorCount(id)).toBe(2 * VISITS_PER_ADDRESS + 1);
  });

  it('twenty browsers from one address arriving at once still add only the few', async () => {
    const id = await newShop();
    await Promise.all(Array.from({ length: 20 }, (_, i) => open(id, '102.89.11.1', `${PHONE} ${i}`)));
    expect(await visitorCount(id)).toBe(VISITS_PER_ADDRESS);
  });

  it('the addresses of one IPv6 block (a /64, one home or phone) share the few', async () => {
    const id = await newShop();
    for (let i = 1; i <= 20; i++) await open(id, `2c0f:f5c0:b00:1::${i.toString(16)}`, `${PHONE} ${i}`);
    await open(id, '2c0f:f5c0:b00:2::1');
    expect(await visitorCount(id)).toBe(VISITS_PER_ADDRESS + 1);
  });

  it('a forged X-Forwarded-For from a hop TRUST_PROXY does not name changes nothing: the connection is the visitor', async () => {
    const id = await newShop();
    const forged = (visitor: string, agent: string) =>
      api.app.inject({ method: 'GET', url: `/shops/${id}`, remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': visitor, 'user-agent': agent } });
    for (let i = 1; i <= 20; i++) expect((await forged(`102.89.12.${i}`, PHONE)).statusCode).toBe(200);
    expect(await visitorCount(id)).toBe(1);
    for (let i = 1; i <= 20; i++) await forged(`102.89.13.${i}, 127.0.0.1`, `${PHONE} ${i}`);
    expect(await visitorCount(id)).toBe(VISITS_PER_ADDRESS);
  });

  it('keeps no address or browser: only a hash that is different for every shop and every day', async () => {
    const [first, second] = [await newShop(), await newShop()];
    const visitorsOn = async (shopId: string) =>
      (
        (await api.database.db.execute(`select visitor from shop_visits where shop_id = '${shopId}' and seen_at = '${now.toISOString()}'`)) as {
          rows: { visitor: string }[];
        }
      ).rows.map((row) => row.visitor);
    await open(first, '102.89.6.1');
    await open(second, '102.89.6.1');
    const today = [...(await visitorsOn(first)), ...(await visitorsOn(second))];
    expect(today).toHaveLength(2);
    for (const visitor of today) expect(visitor).toMatch(/^[\w-]{22}$/);
    expect(today[0]).not.toBe(today[1]);
    later(24 * 60);
    await open(first, '102.89.6.1');
    const tomorrow = await visitorsOn(first);
    expect(tomorrow).toHaveLength(1);
    expect(tomorrow[0]).not.toBe(today[0]);
    // So the next day's view is a new visit, whatever the time of day.
    expect(await visitorCount(first)).toBe(2);
  });

  it('forgets visitors past the 30 minutes', async () => {
    const id = await newShop();
    await open(id, '102.89.7.1');
    const recent = await newShop();
    later(31);
    await open(recent, '102.89.7.2');
    const rowsFor = async (shopId: string) =>
      ((await api.database.db.execute(`select count(*)::int as n from shop_visits where shop_id = '${shopId}'`)) as { rows: { n: number }[] }).rows[0]!.n;

    await purgeOldVisits(api.database.db, api.app.clock());
    expect(await rowsFor(id)).toBe(0);
    expect(await rowsFor(recent)).toBe(1);
  });

  it('a missing shop is a 404 and leaves no trace', async () => {
    const id = randomUUID();
    const response = await api.app.inject({ method: 'GET', url: `/shops/${id}` });
    expect(response.statusCode).toBe(404);
    const { rows } = (await api.database.db.execute(`select count(*)::int as n from shop_visits where shop_id = '${id}'`)) as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });
});

describe('views reported in bulk by the web tier', () => {
  const view = (shop: string, address: string, agent = PHONE) => ({ shop, address, agent });

  it('counts them as the API counts its own views: repeats, in the report or before it, count once', async () => {
    const [first, second] = [await newShop(), await newShop()];
    await open(first, '102.89.8.1');
    const response = await report({
      views: [
        view(first, '102.89.8.1'),
        view(first, '102.89.8.2'),
        view(first, '102.89.8.2'),
        view(second, '102.89.8.1'),
        view(second, '102.89.8.1', LAPTOP),
        view(randomUUID(), '102.89.8.1'),
        view('not-an-id', '102.89.8.1'),
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ counted: 3 });
    expect([await visitorCount(first), await visitorCount(second)]).toEqual([2, 2]);
    later(30);
    expect((await report({ views: [view(first, '102.89.8.1'), view(first, '102.89.8.1')] })).json()).toEqual({ counted: 1 });
  });

  it('holds each address to the few, in one report or across several', async () => {
    const id = await newShop();
    const browsers = (from: number) => Array.from({ length: 20 }, (_, i) => view(id, '102.89.14.1', `${PHONE} ${from + i}`));
    expect((await report({ views: browsers(0) })).json()).toEqual({ counted: VISITS_PER_ADDRESS });
    expect((await report({ views: [...browsers(20), view(id, '102.89.14.2')] })).json()).toEqual({ counted: 1 });
    expect(await visitorCount(id)).toBe(VISITS_PER_ADDRESS + 1);
  });

  it('is refused to a caller TRUST_PROXY does not name, and counts nothing', async () => {
    const id = await newShop();
    const response = await report({ views: [view(id, '102.89.9.1')] }, '203.0.113.9');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect(await visitorCount(id)).toBe(0);
  });

  it.each([
    ['counts per shop, the old shape that skipped the visitor', { visits: { [randomUUID()]: 5 } }],
    ['a view without its visitor', { views: [{ shop: randomUUID() }] }],
    ['a browser name past 256 characters', { views: [view(randomUUID(), '102.89.9.2', 'x'.repeat(257))] }],
    ['an address past 64 characters', { views: [view(randomUUID(), '1'.repeat(65))] }],
    ['more than 1000 views at once', { views: Array.from({ length: 1001 }, () => view(randomUUID(), '102.89.9.3')) }],
  ])('answers 400 to %s', async (_case, body) => {
    const response = await report(body);
    expect(response.statusCode).toBe(400);
  });
});
