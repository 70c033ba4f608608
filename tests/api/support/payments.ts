import { eq, sql } from 'drizzle-orm';
import { ads, shops, simulatorTransactions } from '#server/db/schema.ts';
import { paystackSignature } from '#server/payments/signature.ts';
import type { TestApi } from './harness';
import { bearer } from './requests';

export type Checkout = { authorization_url: string; access_code: string; reference: string };
export type Outcome = 'pay' | 'transfer' | 'decline' | 'cancel' | 'confirm';

/** A JSON call over real HTTP, the way the web tier makes it. */
export async function callApi(api: TestApi, method: 'GET' | 'POST', path: string, token?: string, body?: unknown) {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: { ...(token ? bearer(token) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export async function initiate(api: TestApi, token: string, shopId: string, amount: unknown = 5000) {
  return callApi(api, 'POST', '/ads/payment/initiate/', token, { shop_id: shopId, amount });
}

export async function startCheckout(api: TestApi, token: string, shopId: string): Promise<Checkout> {
  const response = await initiate(api, token, shopId);
  if (response.status !== 200) throw new Error(`initiate failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export function verify(api: TestApi, token: string, reference: string) {
  return callApi(api, 'POST', '/ads/payment/verify/', token, { reference });
}

/** The checkout page lives at the API's public origin; tests reach the same path on their own port. */
export function checkoutUrl(api: TestApi, checkout: Checkout): string {
  return `${api.url}${new URL(checkout.authorization_url).pathname}`;
}

/** Presses one of the checkout page's buttons, as a browser posts the form, without following the redirect. */
export async function press(api: TestApi, checkout: Checkout, outcome: Outcome) {
  const response = await fetch(checkoutUrl(api, checkout), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

export async function buyMonth(api: TestApi, token: string, shopId: string) {
  const checkout = await startCheckout(api, token, shopId);
  await press(api, checkout, 'pay');
  return { checkout, verified: await verify(api, token, checkout.reference) };
}

export function postWebhook(api: TestApi, payload: string, signature: string | null = paystackSignature(payload, api.config.paystack.secretKey)) {
  return fetch(`${api.url}/ads/payment/webhook/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-paystack-signature': signature }) },
    body: payload,
  });
}

export function chargeSuccess(reference: string, changes: { amount?: number; currency?: string } = {}): string {
  return JSON.stringify({
    event: 'charge.success',
    data: {
      status: 'success',
      reference,
      amount: 500000,
      currency: 'NGN',
      paid_at: new Date().toISOString(),
      gateway_response: 'Successful',
      metadata: {},
      ...changes,
    },
  });
}

/** Paystack has charged the card, but neither its webhook nor the shopper's return has reached us yet. */
export async function chargeWithoutTelling(api: TestApi, reference: string) {
  await api.database.db
    .update(simulatorTransactions)
    .set({ status: 'success', gatewayResponse: 'Successful', paidAt: new Date() })
    .where(eq(simulatorTransactions.reference, reference));
}

export async function sponsoredUntil(api: TestApi, shopId: string): Promise<Date | null> {
  const [shop] = await api.database.db.select({ until: shops.sponsoredUntil }).from(shops).where(eq(shops.id, shopId));
  return shop?.until ?? null;
}

/** Whether `later` is exactly one calendar month after `earlier`, judged by the database's own arithmetic. */
export async function isOneMonthAfter(api: TestApi, earlier: string, later: string): Promise<boolean> {
  const [row] = await api.database.db
    .select({ same: sql<boolean>`${earlier}::timestamptz + interval '1 month' = ${later}::timestamptz` })
    .from(sql`(select 1) as one`);
  return row?.same === true;
}

export async function successfulAds(api: TestApi, shopId: string): Promise<number> {
  const rows = await api.database.db.select({ id: ads.id }).from(ads).where(sql`${ads.shopId} = ${shopId} and ${ads.status} = 'success'`);
  return rows.length;
}
