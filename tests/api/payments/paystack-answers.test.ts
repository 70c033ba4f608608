import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { startFakePaystack } from '../support/fake-paystack';
import { startTestApi, type TestApi } from '../support/harness';
import { initiate, verify } from '../support/payments';
import { type SignedUp, signUp } from '../support/requests';
import { createShop } from '../support/shops';

const KEY = 'sk_test_kasuwa_right';

let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let api: TestApi;
let ada: SignedUp;
beforeAll(async () => {
  paystack = await startFakePaystack(KEY);
  api = await startTestApi({ listen: true, keepLogs: true, env: { PAYSTACK_SECRET_KEY: KEY, PAYSTACK_BASE_URL: paystack.url } });
  ada = await signUp(api.app);
});
afterAll(async () => {
  await api.close();
  await paystack.close();
});

describe('Paystack answering as its API reference documents', () => {
  it('a transaction without metadata is read: paying for the ad works from checkout to verify', async () => {
    const shop = await createShop(api.app, ada.access, { name: 'Metadata-free Mats' });
    const started = await initiate(api, ada.access, shop.id);
    expect(started.status).toBe(200);
    expect(started.body.authorization_url).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    paystack.transactions.get(started.body.reference)!.paid = true;
    const verified = await verify(api, ada.access, started.body.reference);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'success', shop_id: shop.id, amount: 5000 });
  });

  it('a key Paystack no longer knows: the owner reads Paystack’s own words (502), and so does the log', async () => {
    const shop = await createShop(api.app, ada.access, { name: 'Rolled Key Rugs' });
    const before = await initiate(api, ada.access, shop.id);
    expect(before.status).toBe(200);
    paystack.secretKey = 'sk_test_kasuwa_rolled';
    try {
      const saidByPaystack = { status: 502, body: { detail: MSG.paymentProviderSaid('Invalid key') } };
      expect(await verify(api, ada.access, before.body.reference)).toEqual(saidByPaystack);
      const other = await createShop(api.app, ada.access, { name: 'Rolled Key Rattan' });
      expect(await initiate(api, ada.access, other.id)).toEqual(saidByPaystack);
    } finally {
      paystack.secretKey = KEY;
    }
    const failures = api.logs.filter((line) => line.msg === 'payment provider call failed');
    expect(failures).toHaveLength(2);
    for (const line of failures) {
      expect(line.level).toBe(40);
      expect((line.err as { message: string }).message).toMatch(/refused \(401\): Invalid key$/);
    }
  });

  it('a refusal of one call in Paystack’s words is not "could not be reached"', async () => {
    expect(await verify(api, ada.access, 'kasuwa-never-issued')).toEqual({ status: 404, body: { detail: MSG.paymentNotFound } });
    const shop = await createShop(api.app, ada.access, { name: 'Forgotten Fans' });
    const started = await initiate(api, ada.access, shop.id);
    // As if Paystack had lost the transaction.
    paystack.transactions.delete(started.body.reference);
    expect(await verify(api, ada.access, started.body.reference)).toEqual({
      status: 502,
      body: { detail: MSG.paymentProviderSaid('Transaction reference not found') },
    });
  });
});
