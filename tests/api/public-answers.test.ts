import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '#server/db/schema.ts';
import { PUBLIC_ANSWER_MS } from '#server/plugins/public-answers.ts';
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

const names = async (url: string, headers: Record<string, string> = {}) =>
  ((await api.app.inject({ method: 'GET', url, headers })).json().for_you as { name: string }[]).map((shop) => shop.name);

/** A change made past the API, as the clock ending an ad is: no write through the API announces it. */
const renameInDatabase = (id: string, name: string) => api.database.db.update(shops).set({ name }).where(eq(shops.id, id));

describe('public lists remembered for a second', () => {
  it('shows a change made through the API at once', async () => {
    expect(await names('/shops')).toEqual([]);
    const shop = await createShop(api.app, owner.access, { name: 'Kano Leather Works' });
    expect(await names('/shops')).toEqual(['Kano Leather Works']);

    const form = await multipart({ name: 'Kano Leather House' });
    const renamed = await api.app.inject({
      method: 'PUT',
      url: `/shops/${shop.id}/update/`,
      headers: { ...form.headers, ...bearer(owner.access) },
      payload: form.payload,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names('/shops')).toEqual(['Kano Leather House']);
  });

  it('shows a change made past the API within a second, and at once to a signed-in caller', async () => {
    const shop = await createShop(api.app, owner.access, { name: 'Aba Shoe Market', category: 'Fashion' });
    expect(await names('/shops?category=fashion')).toEqual(['Aba Shoe Market']);

    await renameInDatabase(shop.id, 'Aba Shoe Palace');
    expect(await names('/shops?category=fashion')).toEqual(['Aba Shoe Market']);
    expect(await names('/shops?category=fashion', bearer(owner.access))).toEqual(['Aba Shoe Palace']);

    await delay(PUBLIC_ANSWER_MS + 50);
    expect(await names('/shops?category=fashion')).toEqual(['Aba Shoe Palace']);
  });

  it('keeps remembering them through private messages, which no list shows', async () => {
    const shop = await createShop(api.app, owner.access, { name: 'Ilorin Pottery', category: 'Crafts' });
    const buyer = await signUp(api.app);
    expect(await names('/shops?category=crafts')).toEqual(['Ilorin Pottery']);
    await renameInDatabase(shop.id, 'Ilorin Clay Pots');
    const sent = await api.app.inject({ method: 'POST', url: `/shops/${shop.id}/messages`, payload: { body: 'Hello' }, headers: bearer(buyer.access) });
    expect(sent.statusCode).toBe(201);
    expect(await names('/shops?category=crafts')).toEqual(['Ilorin Pottery']);
  });

  it('never remembers a shop page, which counts each visitor', async () => {
    const shop = await createShop(api.app, owner.access, { name: 'Jos Fresh Farms' });
    const visit = async (remoteAddress: string) =>
      (await api.app.inject({ method: 'GET', url: `/shops/${shop.id}`, remoteAddress })).json().visitor_count as number;
    const first = await visit('102.89.11.1');
    expect(await visit('102.89.11.2')).toBe(first + 1);
  });
});
