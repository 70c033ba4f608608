import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';
import { createShop } from './support/shops';

let api: TestApi;
let shopIds: string[];
beforeAll(async () => {
  api = await startTestApi();
  const owner = await signUp(api.app);
  shopIds = [(await createShop(api.app, owner.access)).id, (await createShop(api.app, owner.access, { name: 'Kano Fabrics' })).id];
});
afterAll(() => api.close());

/** The count as the database holds it: reading the shop through the API would count a visit itself. */
async function visitorCount(id: string): Promise<number> {
  const { rows } = (await api.database.db.execute(`select visitor_count from shops where id = '${id}'`)) as { rows: { visitor_count: number }[] };
  return rows[0]!.visitor_count;
}

function report(visits: unknown, remoteAddress = '127.0.0.1') {
  return api.app.inject({ method: 'POST', url: '/shops/visits/', payload: { visits }, remoteAddress });
}

describe('views reported in bulk by the web tier', () => {
  it('adds each shop’s views to its count in one call, skipping ids that name no shop', async () => {
    const [first, second] = shopIds as [string, string];
    const before = [await visitorCount(first), await visitorCount(second)];
    const response = await report({ [first]: 5, [second]: 1, [randomUUID()]: 3, 'not-an-id': 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ counted: 2 });
    expect([await visitorCount(first), await visitorCount(second)]).toEqual([before[0]! + 5, before[1]! + 1]);
  });

  it('is refused to a caller TRUST_PROXY does not name, and counts nothing', async () => {
    const [first] = shopIds as [string];
    const before = await visitorCount(first);
    const response = await report({ [first]: 1000 }, '203.0.113.9');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect(await visitorCount(first)).toBe(before);
  });

  it.each([
    ['no views', { x: 0 }],
    ['negative views', { x: -4 }],
    ['a fraction', { x: 1.5 }],
    ['a number as text', { x: '3' }],
    ['a list', [1, 2]],
    ['too many shops at once', Object.fromEntries(Array.from({ length: 1001 }, () => [randomUUID(), 1]))],
  ])('answers 400 to %s', async (_case, visits) => {
    const response = await report(visits);
    expect(response.statusCode).toBe(400);
  });
});
