import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads } from '#server/db/schema.ts';
import { startTestApi, type TestApi } from '../support/harness';
import { type Checkout, initiate, press, startCheckout, verify } from '../support/payments';
import { type SignedUp, signUp } from '../support/requests';
import { createShop } from '../support/shops';

let api: TestApi;
let ada: SignedUp;
beforeAll(async () => {
  api = await startTestApi({ listen: true });
  ada = await signUp(api.app);
});
afterAll(() => api.close());

async function pendingAds(shopId: string): Promise<number> {
  const rows = await api.database.db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.shopId, shopId), eq(ads.status, 'pending')));
  return rows.length;
}

describe('tapping Pay twice', () => {
  it('two taps arriving together open one checkout, not two payments', async () => {
    const shop = await createShop(api.app, ada.access, { name: 'Double Tap Foods' });
    const answers = await Promise.all([initiate(api, ada.access, shop.id), initiate(api, ada.access, shop.id), initiate(api, ada.access, shop.id)]);
    const checkouts = answers.map(({ status, body }) => {
      expect(status).toBe(200);
      return body as Checkout;
    });
    expect(new Set(checkouts.map((checkout) => checkout.reference)).size).toBe(1);
    expect(new Set(checkouts.map((checkout) => checkout.authorization_url)).size).toBe(1);
    expect(await pendingAds(shop.id)).toBe(1);
  });

  it('coming back to Pay before paying returns to the same checkout', async () => {
    const shop = await createShop(api.app, ada.access, { name: 'Second Look Stores' });
    const first = await startCheckout(api, ada.access, shop.id);
    const again = await startCheckout(api, ada.access, shop.id);
    expect(again).toEqual(first);
  });

  it('after a declined card, Pay opens a fresh checkout', async () => {
    const shop = await createShop(api.app, ada.access, { name: 'Try Again Textiles' });
    const declined = await startCheckout(api, ada.access, shop.id);
    await press(api, declined, 'decline');
    expect((await verify(api, ada.access, declined.reference)).status).toBe(400);
    const fresh = await startCheckout(api, ada.access, shop.id);
    expect(fresh.reference).not.toBe(declined.reference);
  });
});
