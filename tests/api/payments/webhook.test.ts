import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { paystackSignature } from '#server/payments/signature.ts';
import { PAYER_DETAILS, paystackTransaction } from '../support/fake-paystack';
import { loggedWords, startTestApi, type TestApi } from '../support/harness';
import { callApi, chargeSuccess, chargeWithoutTelling, postWebhook, sponsoredUntil, startCheckout, verify } from '../support/payments';
import { type SignedUp, signUp } from '../support/requests';
import { createShop } from '../support/shops';

let api: TestApi;
let ada: SignedUp;
beforeAll(async () => {
  api = await startTestApi({ listen: true, keepLogs: true });
  ada = await signUp(api.app);
});
afterAll(() => api.close());

async function pendingCheckout(name: string) {
  const shop = await createShop(api.app, ada.access, { name });
  return { shop, checkout: await startCheckout(api, ada.access, shop.id) };
}

async function adStatus(shopId: string): Promise<string> {
  return (await callApi(api, 'GET', `/ads/?shop_id=${shopId}`, ada.access)).body[0].status;
}

describe('Paystack webhook', () => {
  it('a signed charge.success grants the month without the shopper coming back', async () => {
    const { shop, checkout } = await pendingCheckout('Webhook Wonders');
    const response = await postWebhook(api, chargeSuccess(checkout.reference));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await adStatus(shop.id)).toBe('success');
    expect(await sponsoredUntil(api, shop.id)).not.toBeNull();
  });

  it('a forged signature is refused with 401 and changes nothing', async () => {
    const { shop, checkout } = await pendingCheckout('Forged Fabrics');
    const forged = await postWebhook(api, chargeSuccess(checkout.reference), paystackSignature(chargeSuccess(checkout.reference), 'sk_test_guess'));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ detail: MSG.webhookSignatureInvalid });
    expect(await adStatus(shop.id)).toBe('pending');
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
  });

  it('a body changed after signing is refused', async () => {
    const { shop, checkout } = await pendingCheckout('Tampered Textiles');
    const signed = chargeSuccess('kasuwa-someone-else');
    const response = await postWebhook(api, chargeSuccess(checkout.reference), paystackSignature(signed, api.config.paystack.secretKey));
    expect(response.status).toBe(401);
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
  });

  it('a webhook without a signature, or with no body at all, is refused', async () => {
    const { checkout } = await pendingCheckout('Unsigned Umbrellas');
    expect((await postWebhook(api, chargeSuccess(checkout.reference), null)).status).toBe(401);
    const empty = await fetch(`${api.url}/ads/payment/webhook/`, { method: 'POST' });
    expect(empty.status).toBe(401);
  });

  it('a signed body that is not JSON is a 400', async () => {
    const response = await postWebhook(api, '{not json');
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toMatch(/JSON/);
  });

  it('a charge for a reference we never issued is acknowledged and ignored', async () => {
    const response = await postWebhook(api, chargeSuccess('kasuwa-not-ours'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
  });

  it('other events are acknowledged and ignored', async () => {
    const { shop, checkout } = await pendingCheckout('Transfer Traders');
    const event = JSON.stringify({ event: 'transfer.success', data: { reference: checkout.reference, amount: 500000, currency: 'NGN' } });
    expect((await postWebhook(api, event)).status).toBe(200);
    expect(await adStatus(shop.id)).toBe('pending');
  });

  it('a charge of the wrong amount or currency grants nothing', async () => {
    const { shop, checkout } = await pendingCheckout('Short Change');
    expect((await postWebhook(api, chargeSuccess(checkout.reference, { amount: 400000 }))).status).toBe(200);
    expect((await postWebhook(api, chargeSuccess(checkout.reference, { currency: 'USD' }))).status).toBe(200);
    expect(await adStatus(shop.id)).toBe('pending');
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
  });

  it('a signed charge.success shaped as Paystack documents it, without metadata, grants the month', async () => {
    const { shop, checkout } = await pendingCheckout('Documented Drums');
    const response = await postWebhook(api, JSON.stringify({ event: 'charge.success', data: paystackTransaction(checkout.reference) }));
    expect(response.status).toBe(200);
    expect(await adStatus(shop.id)).toBe('success');
  });

  it('a signed charge.success we cannot use is answered 200, so Paystack stops sending it, and logged by its reference alone', async () => {
    const { shop, checkout } = await pendingCheckout('Unusable Urns');
    const unusable: [string, Record<string, unknown>][] = [
      ['kasuwa-not-ours-1', paystackTransaction('kasuwa-not-ours-1')],
      [checkout.reference, paystackTransaction(checkout.reference, { amount: 400000 })],
      [checkout.reference, paystackTransaction(checkout.reference, { status: 'failed' })],
      [checkout.reference, paystackTransaction(checkout.reference, { amount: '500000' })],
      [checkout.reference, paystackTransaction(checkout.reference, { currency: undefined })],
    ];
    for (const [reference, data] of unusable) {
      const logged = api.logs.length;
      const response = await postWebhook(api, JSON.stringify({ event: 'charge.success', data }));
      expect(response.status, JSON.stringify(data)).toBe(200);
      expect(await response.json()).toEqual({ received: true });
      const lines = api.logs.slice(logged).filter((line) => line.level === 40);
      expect(
        lines.map((line) => line.reference),
        JSON.stringify(data),
      ).toEqual([reference]);
      const written = loggedWords(lines);
      for (const detail of PAYER_DETAILS) expect(written).not.toContain(detail);
    }
    expect(await adStatus(shop.id)).toBe('pending');
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
  });

  it('after the webhook, the shopper’s verify answers the same success', async () => {
    const { shop, checkout } = await pendingCheckout('Late Returner');
    await chargeWithoutTelling(api, checkout.reference);
    await postWebhook(api, chargeSuccess(checkout.reference));
    const until = await sponsoredUntil(api, shop.id);
    const verified = await verify(api, ada.access, checkout.reference);
    expect(verified.status).toBe(200);
    expect(verified.body.ad.ends_at).toBe(until?.toISOString());
  });
});
