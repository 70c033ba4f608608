import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, shops } from '#server/db/schema.ts';
import { startTestApi, type TestApi } from '../support/harness';
import {
  buyMonth,
  callApi,
  chargeSuccess,
  chargeWithoutTelling,
  isOneMonthAfter,
  postWebhook,
  press,
  sponsoredUntil,
  startCheckout,
  successfulAds,
  verify,
} from '../support/payments';
import { bearer, type SignedUp, signUp } from '../support/requests';
import { createShop } from '../support/shops';

let api: TestApi;
let ada: SignedUp;
beforeAll(async () => {
  api = await startTestApi({ listen: true });
  ada = await signUp(api.app);
});
afterAll(() => api.close());

const newShop = (name: string) => createShop(api.app, ada.access, { name });
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('how paid months add up', () => {
  it('buying again while sponsored adds exactly one more month after the current one', async () => {
    const shop = await newShop('Ada Fabrics');
    const first = await buyMonth(api, ada.access, shop.id);
    const second = await buyMonth(api, ada.access, shop.id);
    expect(second.verified.status).toBe(200);

    const [one, two] = [first.verified.body.ad, second.verified.body.ad];
    expect(two.starts_at).toBe(one.ends_at);
    expect(await isOneMonthAfter(api, one.ends_at, two.ends_at)).toBe(true);
    expect(iso(await sponsoredUntil(api, shop.id))).toBe(two.ends_at);
    const history = (await callApi(api, 'GET', `/ads/?shop_id=${shop.id}`, ada.access)).body;
    expect(history.map((ad: { id: string }) => ad.id)).toEqual([two.id, one.id]);
  });

  it('verifying the same payment twice grants the month once', async () => {
    const shop = await newShop('Lagos Gadgets');
    const { checkout, verified } = await buyMonth(api, ada.access, shop.id);
    const until = await sponsoredUntil(api, shop.id);

    const again = await verify(api, ada.access, checkout.reference);
    expect(again).toEqual(verified);
    expect(await sponsoredUntil(api, shop.id)).toEqual(until);
    expect(await successfulAds(api, shop.id)).toBe(1);
  });

  it('verify and the webhook arriving together grant the month exactly once, every time', async () => {
    const shop = await newShop('Ibadan Spices');
    for (let round = 1; round <= 6; round += 1) {
      const before = iso(await sponsoredUntil(api, shop.id));
      const checkout = await startCheckout(api, ada.access, shop.id);
      await chargeWithoutTelling(api, checkout.reference);

      const webhook = chargeSuccess(checkout.reference);
      const [verifyA, hookA, verifyB, hookB] = await Promise.all([
        verify(api, ada.access, checkout.reference),
        postWebhook(api, webhook),
        verify(api, ada.access, checkout.reference),
        postWebhook(api, webhook),
      ]);
      expect([verifyA.status, hookA.status, verifyB.status, hookB.status]).toEqual([200, 200, 200, 200]);
      expect(verifyA.body).toEqual(verifyB.body);

      const after = iso(await sponsoredUntil(api, shop.id));
      expect(after).toBe(verifyA.body.ad.ends_at);
      if (before) expect(await isOneMonthAfter(api, before, after!)).toBe(true);
      expect(await successfulAds(api, shop.id)).toBe(round);
    }
  });
});

describe('when a month runs out', () => {
  it('an expired ad no longer sponsors the shop, and a new month starts now', async () => {
    const shop = await newShop('Jos Honey');
    const { verified } = await buyMonth(api, ada.access, shop.id);
    const db = api.database.db;
    await db.update(shops).set({ sponsoredUntil: sql`now() - interval '1 day'` }).where(eq(shops.id, shop.id));
    await db.update(ads).set({ startsAt: sql`now() - interval '1 month 1 day'`, endsAt: sql`now() - interval '1 day'` }).where(eq(ads.id, verified.body.ad.id));

    const home = await callApi(api, 'GET', '/shops');
    expect(home.body.sponsored_shops.map((s: { id: string }) => s.id)).not.toContain(shop.id);
    expect(home.body.for_you.find((s: { id: string }) => s.id === shop.id)).toMatchObject({ is_sponsored: false });

    const renewed = await buyMonth(api, ada.access, shop.id);
    expect(Math.abs(Date.parse(renewed.verified.body.ad.starts_at) - Date.now())).toBeLessThan(60_000);
    const again = await callApi(api, 'GET', '/shops');
    expect(again.body.sponsored_shops.map((s: { id: string }) => s.id)).toContain(shop.id);
  });
});

describe('when the shop is deleted during checkout', () => {
  it('the payment is still recorded as paid but sponsors nothing', async () => {
    const shop = await newShop('Gone Tomorrow');
    const checkout = await startCheckout(api, ada.access, shop.id);
    const deleted = await api.app.inject({ method: 'DELETE', url: `/shops/${shop.id}/delete/`, headers: bearer(ada.access) });
    expect(deleted.statusCode).toBe(204);

    expect((await press(api, checkout, 'pay')).status).toBe(303);
    const verified = await verify(api, ada.access, checkout.reference);
    expect(verified.status).toBe(200);
    expect(verified.body.ad).toMatchObject({ status: 'success', starts_at: null, ends_at: null });
    const history = await callApi(api, 'GET', `/ads/?shop_id=${shop.id}`, ada.access);
    expect(history.body.map((ad: { reference: string }) => ad.reference)).toEqual([checkout.reference]);
  });
});
