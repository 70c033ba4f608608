import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '#rules/i18n/areas.ts';
import { MSG } from '#rules/messages.ts';
import { simulatorTransactions } from '#server/db/schema.ts';
import { startTestApi, type TestApi } from '../support/harness';
import { callApi, checkoutUrl, isOneMonthAfter, press, sponsoredUntil, startCheckout, verify } from '../support/payments';
import { type SignedUp, signUp } from '../support/requests';
import { createShop } from '../support/shops';

let api: TestApi;
let ada: SignedUp;
beforeAll(async () => {
  api = await startTestApi({ listen: true });
  ada = await signUp(api.app);
});
afterAll(() => api.close());

const newShop = (name: string) => createShop(api.app, ada.access, { name });

describe('buying a month of ads through the checkout page', () => {
  it('paying sponsors the shop for one month and lists it first on the home page', async () => {
    const shop = await newShop('Iya Basira Foods');
    const checkout = await startCheckout(api, ada.access, shop.id);
    expect(checkout.reference).toMatch(/^kasuwa-[A-Za-z0-9.=-]+$/);
    expect(new URL(checkout.authorization_url).pathname).toBe(`/payments/simulator/checkout/${checkout.access_code}`);

    const page = await fetch(checkoutUrl(api, checkout));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('₦5,000');
    expect(html).toContain(ada.email);
    for (const button of ['>Pay<', '>Pay by bank transfer<', '>Decline card<', '>Cancel<']) expect(html).toContain(button);

    const paid = await press(api, checkout, 'pay');
    expect(paid.status).toBe(303);
    const back = new URL(paid.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${api.config.webUrl}/verify-transaction`);
    expect(back.searchParams.get('reference')).toBe(checkout.reference);
    expect(back.searchParams.get('trxref')).toBe(checkout.reference);

    const verified = await verify(api, ada.access, back.searchParams.get('reference')!);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ reference: checkout.reference, status: 'success', amount: 5000, currency: 'NGN', shop_id: shop.id });
    const ad = verified.body.ad;
    expect(ad).toMatchObject({ shop_id: shop.id, reference: checkout.reference, amount: 5000, currency: 'NGN', status: 'success' });
    expect(verified.body.date).toBe(ad.paid_at);
    expect(Math.abs(Date.parse(ad.starts_at) - Date.now())).toBeLessThan(60_000);
    expect(await isOneMonthAfter(api, ad.starts_at, ad.ends_at)).toBe(true);

    const home = await callApi(api, 'GET', '/shops');
    const listed = home.body.sponsored_shops.find((s: { id: string }) => s.id === shop.id);
    expect(listed).toMatchObject({ is_sponsored: true, sponsored_until: ad.ends_at });
    expect(home.body.for_you.map((s: { id: string }) => s.id)).not.toContain(shop.id);

    expect((await callApi(api, 'GET', `/ads/${ad.id}/`, ada.access)).body).toEqual(ad);
    expect((await callApi(api, 'GET', `/ads/?shop_id=${shop.id}`, ada.access)).body).toEqual([ad]);
  });

  it('a declined card brings the shopper back to "Declined", names the shop to pay for again, and sponsors nothing', async () => {
    const shop = await newShop('Mama Put Ikeja');
    const checkout = await startCheckout(api, ada.access, shop.id);
    const declined = await press(api, checkout, 'decline');
    expect(declined.status).toBe(303);
    expect(new URL(declined.location!).searchParams.get('reference')).toBe(checkout.reference);

    const verified = await verify(api, ada.access, checkout.reference);
    expect(verified).toEqual({ status: 400, body: { detail: 'Declined', shop_id: shop.id } });
    const [ad] = (await callApi(api, 'GET', `/ads/?shop_id=${shop.id}`, ada.access)).body;
    expect(ad).toMatchObject({ status: 'failed', paid_at: null, starts_at: null, ends_at: null });
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
  });

  it("cancelling on the checkout page comes back to the payment's verify page and sponsors nothing", async () => {
    const shop = await newShop('Kano Leather Works');
    const checkout = await startCheckout(api, ada.access, shop.id);
    const cancelled = await press(api, checkout, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`${api.config.webUrl}/verify-transaction?reference=${checkout.reference}`);

    const verified = await verify(api, ada.access, checkout.reference);
    expect(verified).toEqual({ status: 400, body: { detail: 'The transaction was cancelled', shop_id: shop.id } });
    const [ad] = (await callApi(api, 'GET', `/ads/?shop_id=${shop.id}`, ada.access)).body;
    expect(ad.status).toBe('abandoned');
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
    const home = await callApi(api, 'GET', '/shops');
    expect(home.body.sponsored_shops.map((s: { id: string }) => s.id)).not.toContain(shop.id);
  });

  it('coming back before paying says the payment is still pending', async () => {
    const shop = await newShop('Aba Shoe Market');
    const checkout = await startCheckout(api, ada.access, shop.id);
    const verified = await verify(api, ada.access, checkout.reference);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'pending', date: null, amount: 5000, ad: { status: 'pending' } });
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
  });

  it('a bank transfer waits as pending until the bank confirms it, then sponsors the shop', async () => {
    const shop = await newShop('Owerri Yam Depot');
    const checkout = await startCheckout(api, ada.access, shop.id);
    const sent = await press(api, checkout, 'transfer');
    expect(sent.status).toBe(303);
    expect(new URL(sent.location!).searchParams.get('reference')).toBe(checkout.reference);

    const waiting = await verify(api, ada.access, checkout.reference);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({ status: 'pending', date: null, ad: { status: 'pending' } });
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
    const bankSide = await (await fetch(checkoutUrl(api, checkout))).text();
    expect(bankSide).toContain('>Confirm transfer<');
    expect(bankSide).not.toContain('>Pay<');

    expect((await press(api, checkout, 'confirm')).status).toBe(303);
    const paid = await verify(api, ada.access, checkout.reference);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'success', ad: { status: 'success' } });
    expect(await sponsoredUntil(api, shop.id)).not.toBeNull();
  });

  it('a paid checkout says it is complete and cannot be paid again', async () => {
    const shop = await newShop('Onitsha Phones');
    const checkout = await startCheckout(api, ada.access, shop.id);
    await press(api, checkout, 'pay');
    const until = await sponsoredUntil(api, shop.id);

    const page = await fetch(checkoutUrl(api, checkout));
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('already');
    const again = await press(api, checkout, 'pay');
    expect(again.status).toBe(409);
    expect(again.location).toBeNull();
    expect(await sponsoredUntil(api, shop.id)).toEqual(until);
  });

  it("shows its checkout in the language the browser prefers, and English to one that prefers none of Kasuwa's", async () => {
    const shop = await newShop('Kano Spices');
    const checkout = await startCheckout(api, ada.access, shop.id);
    const inHausa = await fetch(checkoutUrl(api, checkout), { headers: { 'accept-language': 'ha-NG,ha;q=0.9,en;q=0.5' } });
    const hausa = await inHausa.text();
    expect(hausa).toContain('<html lang="ha-NG">');
    for (const key of ['simulator.payKasuwa', 'simulator.noMoney', 'simulator.decline'] as const) {
      expect(hausa).toContain(AREAS.simulator.translations.ha.messages[key]);
      expect(hausa).not.toContain(AREAS.simulator.source[key]);
    }
    const inFrench = await (await fetch(checkoutUrl(api, checkout), { headers: { 'accept-language': 'fr' } })).text();
    expect(inFrench).toContain('<html lang="en-NG">');
    expect(inFrench).toContain(AREAS.simulator.source['simulator.payKasuwa']);
  });

  it('an unknown checkout link shows a not-found page', async () => {
    const page = await fetch(`${api.url}/payments/simulator/checkout/no-such-code`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('not valid');
  });
});

describe("each of Paystack's transaction statuses, as verifying tells the shopper", () => {
  /** A checkout the simulator reports with `status`, as Paystack would for a card, transfer, direct debit or refund. */
  async function checkoutReporting(status: string, gatewayResponse: string) {
    const shop = await newShop(`Status ${status} Stores`);
    const checkout = await startCheckout(api, ada.access, shop.id);
    await api.database.db
      .update(simulatorTransactions)
      .set({ status, gatewayResponse, paidAt: status === 'success' ? new Date() : null })
      .where(eq(simulatorTransactions.reference, checkout.reference));
    return { shop, checkout };
  }

  it('success grants the month', async () => {
    const { shop, checkout } = await checkoutReporting('success', 'Successful');
    expect((await verify(api, ada.access, checkout.reference)).body).toMatchObject({ status: 'success' });
    expect(await sponsoredUntil(api, shop.id)).not.toBeNull();
  });

  it.each(['ongoing', 'pending', 'processing', 'queued'])('%s is still pending: nothing recorded, nothing sponsored yet', async (status) => {
    const { shop, checkout } = await checkoutReporting(status, 'Awaiting the bank');
    const verified = await verify(api, ada.access, checkout.reference);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'pending', ad: { status: 'pending' } });
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
  });

  it.each([
    ['failed', 'Insufficient Funds', 'failed'],
    ['reversed', 'Refunded', 'failed'],
    ['abandoned', 'The transaction was not completed', 'abandoned'],
  ])('%s is a failure with the gateway message, and sponsors nothing', async (status, gatewayResponse, recorded) => {
    const { shop, checkout } = await checkoutReporting(status, gatewayResponse);
    expect(await verify(api, ada.access, checkout.reference)).toEqual({ status: 400, body: { detail: gatewayResponse, shop_id: shop.id } });
    const [ad] = (await callApi(api, 'GET', `/ads/?shop_id=${shop.id}`, ada.access)).body;
    expect(ad.status).toBe(recorded);
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
  });

  it('a status Paystack does not document asks to check again and records nothing', async () => {
    const { shop, checkout } = await checkoutReporting('expired', 'Expired');
    expect(await verify(api, ada.access, checkout.reference)).toEqual({ status: 502, body: { detail: MSG.paymentVerifyUnreachable } });
    const [ad] = (await callApi(api, 'GET', `/ads/?shop_id=${shop.id}`, ada.access)).body;
    expect(ad.status).toBe('pending');
  });
});

describe('the Paystack simulator API', () => {
  const key = () => ({ authorization: `Bearer ${api.config.paystack.secretKey}`, 'content-type': 'application/json' });

  it('refuses calls without the secret key, in Paystack’s shape', async () => {
    const response = await fetch(`${api.url}/payments/simulator/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_wrong', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.ng', amount: 500000 }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: false, message: 'Invalid key' });
    for (const path of ['bank?country=nigeria', 'bank/resolve?account_number=0123456789&bank_code=058']) {
      const banks = await fetch(`${api.url}/payments/simulator/${path}`, { headers: { authorization: 'Bearer sk_test_wrong' } });
      expect(banks.status).toBe(401);
      expect(await banks.json()).toEqual({ status: false, message: 'Invalid key' });
    }
  });

  it('answers an unknown reference like Paystack does', async () => {
    const response = await fetch(`${api.url}/payments/simulator/transaction/verify/nope`, { headers: key() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: false, message: 'Transaction reference not found' });
  });

  it('refuses a reference used twice', async () => {
    const body = JSON.stringify({ email: 'a@b.ng', amount: '500000', reference: 'twice-1' });
    const first = await fetch(`${api.url}/payments/simulator/transaction/initialize`, { method: 'POST', headers: key(), body });
    expect(first.status).toBe(200);
    const second = await fetch(`${api.url}/payments/simulator/transaction/initialize`, { method: 'POST', headers: key(), body });
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({ status: false, message: 'Duplicate Transaction Reference' });
  });

  it("sends Cancel to the metadata's cancel_action, and without one leaves the shopper on its own page", async () => {
    const open = async (reference: string, metadata: Record<string, string>) => {
      const response = await fetch(`${api.url}/payments/simulator/transaction/initialize`, {
        method: 'POST',
        headers: key(),
        body: JSON.stringify({ email: 'a@b.ng', amount: 500000, reference, callback_url: 'http://localhost:3000/back', metadata }),
      });
      return (await response.json()).data as { authorization_url: string; access_code: string; reference: string };
    };
    const withAction = await open('cancel-with-action', { cancel_action: 'http://localhost:3000/cancelled?order=7' });
    expect(await press(api, withAction, 'cancel')).toMatchObject({ status: 303, location: 'http://localhost:3000/cancelled?order=7' });

    const without = await open('cancel-without-action', {});
    const stayed = await press(api, without, 'cancel');
    expect(stayed).toMatchObject({ status: 200, location: null });
    expect(stayed.html).toContain('Payment cancelled');
  });

  it('escapes what the checkout page echoes', async () => {
    const response = await fetch(`${api.url}/payments/simulator/transaction/initialize`, {
      method: 'POST',
      headers: key(),
      body: JSON.stringify({ email: '<script>alert(1)</script>@x.ng', amount: 500000 }),
    });
    const { data } = await response.json();
    const html = await (await fetch(`${api.url}${new URL(data.authorization_url).pathname}`)).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;@x.ng');
  });
});
