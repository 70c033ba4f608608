import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { simulatorTransactions } from '#server/db/schema.ts';
import { startTestApi, type TestApi } from '../support/harness';
import { buyMonth, callApi, initiate, press, sponsoredUntil, startCheckout, verify } from '../support/payments';
import { type SignedUp, signUp } from '../support/requests';
import { createShop } from '../support/shops';

let api: TestApi;
let ada: SignedUp;
let bola: SignedUp;
let adaShop: { id: string };
beforeAll(async () => {
  api = await startTestApi({ listen: true });
  ada = await signUp(api.app);
  bola = await signUp(api.app);
  adaShop = await createShop(api.app, ada.access, { name: "Ada's Fabrics" });
});
afterAll(() => api.close());

describe('starting a payment', () => {
  it('accepts the plan price as a number or as text', async () => {
    expect((await initiate(api, ada.access, adaShop.id, '5000')).status).toBe(200);
    expect((await initiate(api, ada.access, adaShop.id, 5000)).status).toBe(200);
  });

  it('refuses any other amount with the plan price in the message', async () => {
    for (const amount of [4000, '50000', '', 'five thousand', null, -5000]) {
      const response = await initiate(api, ada.access, adaShop.id, amount);
      expect(response).toEqual({ status: 400, body: { amount: [MSG.adAmountInvalid] } });
    }
  });

  it('asks for the shop', async () => {
    const response = await callApi(api, 'POST', '/ads/payment/initiate/', ada.access, { amount: 5000 });
    expect(response).toEqual({ status: 400, body: { shop_id: [MSG.shopIdRequired] } });
  });

  it('needs a signed-in caller', async () => {
    const response = await initiate(api, '', adaShop.id);
    expect(response).toEqual({ status: 401, body: { detail: MSG.notAuthenticated } });
  });

  it('answers 404 for a shop that does not exist', async () => {
    const response = await initiate(api, ada.access, '00000000-0000-4000-8000-000000000000');
    expect(response).toEqual({ status: 404, body: { detail: MSG.notFound } });
  });
});

describe("another owner against Ada's ads", () => {
  it('cannot buy ads for her shop (403)', async () => {
    const response = await initiate(api, bola.access, adaShop.id);
    expect(response).toEqual({ status: 403, body: { detail: MSG.forbidden } });
  });

  it('cannot verify her payment, and learns nothing about it (404)', async () => {
    const checkout = await startCheckout(api, ada.access, adaShop.id);
    await press(api, checkout, 'decline');
    const response = await verify(api, bola.access, checkout.reference);
    expect(response).toEqual({ status: 404, body: { detail: MSG.paymentNotFound } });
    const unknown = await verify(api, bola.access, 'kasuwa-never-issued');
    expect(unknown).toEqual(response);
  });

  it('cannot read her ads, nor tell them from ads that do not exist (404, the same body)', async () => {
    const [ad] = (await callApi(api, 'GET', `/ads/?shop_id=${adaShop.id}`, ada.access)).body;
    const unknown = await callApi(api, 'GET', '/ads/00000000-0000-4000-8000-000000000000/', bola.access);
    expect(unknown).toEqual({ status: 404, body: { detail: MSG.notFound } });
    expect(await callApi(api, 'GET', `/ads/${ad.id}/`, bola.access)).toEqual(unknown);
    expect(await callApi(api, 'GET', `/ads/?shop_id=${adaShop.id}`, bola.access)).toEqual(unknown);
    expect(await callApi(api, 'GET', '/ads/?shop_id=00000000-0000-4000-8000-000000000000', bola.access)).toEqual(unknown);
  });

  it('gets 404 for ads and shops that do not exist', async () => {
    expect((await callApi(api, 'GET', '/ads/not-an-id/', ada.access)).status).toBe(404);
    expect((await callApi(api, 'GET', '/ads/00000000-0000-4000-8000-000000000000/', ada.access)).status).toBe(404);
    expect((await callApi(api, 'GET', '/ads/?shop_id=00000000-0000-4000-8000-000000000000', ada.access)).status).toBe(404);
    expect((await callApi(api, 'GET', '/ads/', ada.access)).status).toBe(400);
  });
});

describe('verifying a payment', () => {
  it('asks for the reference', async () => {
    const response = await callApi(api, 'POST', '/ads/payment/verify/', ada.access, {});
    expect(response).toEqual({ status: 400, body: { reference: [MSG.referenceRequired] } });
  });

  it('refuses a payment whose amount does not match the plan, and sponsors nothing', async () => {
    const shop = await createShop(api.app, ada.access, { name: 'Underpaid Umbrellas' });
    const checkout = await startCheckout(api, ada.access, shop.id);
    // As if the checkout had been tampered with on the provider's side.
    await api.database.db.update(simulatorTransactions).set({ amountKobo: 400000 }).where(eq(simulatorTransactions.reference, checkout.reference));
    await press(api, checkout, 'pay');

    const response = await verify(api, ada.access, checkout.reference);
    expect(response).toEqual({ status: 400, body: { detail: MSG.paymentMismatch, shop_id: shop.id } });
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
    const [ad] = (await callApi(api, 'GET', `/ads/?shop_id=${shop.id}`, ada.access)).body;
    expect(ad.status).toBe('failed');
  });

  it('refuses a payment in another currency', async () => {
    const shop = await createShop(api.app, ada.access, { name: 'Dollar Dreams' });
    const checkout = await startCheckout(api, ada.access, shop.id);
    await api.database.db.update(simulatorTransactions).set({ currency: 'USD' }).where(eq(simulatorTransactions.reference, checkout.reference));
    await press(api, checkout, 'pay');
    expect(await verify(api, ada.access, checkout.reference)).toEqual({ status: 400, body: { detail: MSG.paymentMismatch, shop_id: shop.id } });
    expect(await sponsoredUntil(api, shop.id)).toBeNull();
  });

  it('lets the owner read a paid ad by id', async () => {
    const shop = await createShop(api.app, ada.access, { name: 'Readable Rugs' });
    const { verified } = await buyMonth(api, ada.access, shop.id);
    const response = await callApi(api, 'GET', `/ads/${verified.body.ad.id}`, ada.access);
    expect(response).toEqual({ status: 200, body: verified.body.ad });
  });
});
