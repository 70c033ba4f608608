import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { createPaystackClient, PaystackError } from '#server/payments/paystack-client.ts';
import { startTestApi, type TestApi } from '../support/harness';
import { callApi, initiate, verify } from '../support/payments';
import { type SignedUp, signUp } from '../support/requests';
import { createShop } from '../support/shops';

let api: TestApi;
let ada: SignedUp;
let shop: { id: string };
beforeAll(async () => {
  // Real-Paystack mode pointed at a port where nothing listens.
  api = await startTestApi({ listen: true, env: { PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_BASE_URL: 'http://127.0.0.1:9' } });
  ada = await signUp(api.app);
  shop = await createShop(api.app, ada.access, { name: 'Offline Okrika' });
});
afterAll(() => api.close());

describe('when Paystack cannot be reached', () => {
  it('starting a payment says so clearly (502) and marks the ad failed', async () => {
    const response = await initiate(api, ada.access, shop.id);
    expect(response).toEqual({ status: 502, body: { detail: MSG.paymentProviderDown } });
    const history = await callApi(api, 'GET', `/ads/?shop_id=${shop.id}`, ada.access);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ status: 'failed', paid_at: null });
  });

  it('verifying says so clearly (502) and leaves the ad as it was', async () => {
    const [ad] = (await callApi(api, 'GET', `/ads/?shop_id=${shop.id}`, ada.access)).body;
    expect(await verify(api, ada.access, ad.reference)).toEqual({ status: 502, body: { detail: MSG.paymentProviderDown } });
    expect((await callApi(api, 'GET', `/ads/${ad.id}/`, ada.access)).body.status).toBe('failed');
  });

  it('does not serve the simulator once a real key is configured', async () => {
    const response = await fetch(`${api.url}/payments/simulator/checkout/anything`);
    expect(response.status).toBe(404);
  });
});

describe('the Paystack client', () => {
  let silent: Server;
  let broken: Server;
  const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  beforeAll(async () => {
    silent = createServer(() => {});
    broken = createServer((_request, response) => response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    await Promise.all([listen(silent), listen(broken)]);
  });
  afterAll(async () => {
    silent.closeAllConnections();
    broken.closeAllConnections();
    await Promise.all([new Promise((resolve) => silent.close(resolve)), new Promise((resolve) => broken.close(resolve))]);
  });

  it('gives up on a provider that never answers, as unreachable', async () => {
    const client = createPaystackClient({ secretKey: 'sk_test_x', baseUrl: () => origin(silent), timeoutMs: 200 });
    const failure = await client.verify('kasuwa-slow').catch((error: unknown) => error);
    await client.close();
    expect(failure).toBeInstanceOf(PaystackError);
    expect((failure as PaystackError).reachable).toBe(false);
  });

  it('treats a 5xx page as unreachable, not as an answer', async () => {
    const client = createPaystackClient({ secretKey: 'sk_test_x', baseUrl: () => origin(broken) });
    const failure = await client.verify('kasuwa-broken').catch((error: unknown) => error);
    await client.close();
    expect(failure).toBeInstanceOf(PaystackError);
    expect((failure as PaystackError).reachable).toBe(false);
  });
});
