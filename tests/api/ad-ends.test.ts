import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '#server/db/schema.ts';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';
import { createShop } from './support/shops';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  const owner = await signUp(api.app);
  const day = 24 * 60 * 60 * 1000;
  const running = await createShop(api.app, owner.access, { name: 'Onitsha Fabrics' });
  const ended = await createShop(api.app, owner.access, { name: 'Enugu Fresh Foods' });
  await createShop(api.app, owner.access, { name: 'Kaduna Grains' });
  await adEnds(running.id, new Date(Date.now() + day));
  await adEnds(ended.id, new Date(Date.now() - day));
});
afterAll(() => api.close());

/** Set in the database as the clock leaves it: an ad's end is a time, not a write anyone makes. */
const adEnds = (id: string, at: Date) => api.database.db.update(shops).set({ sponsoredUntil: at }).where(eq(shops.id, id));

type ListAnswer = { sponsored_shops: { name: string }[]; for_you: { name: string }[]; count: number };
const names = (shops: { name: string }[]) => shops.map((shop) => shop.name);

describe('the home list when an ad ends', () => {
  it('lists a shop first only while its ad runs, then among the others, in either order', async () => {
    for (const url of ['/shops', '/shops?sort=rating']) {
      const list = (await api.app.inject({ method: 'GET', url })).json() as ListAnswer;
      expect(names(list.sponsored_shops)).toEqual(['Onitsha Fabrics']);
      expect(names(list.for_you)).toEqual(['Kaduna Grains', 'Enugu Fresh Foods']);
      expect(list.count).toBe(2);
    }
  });
});
