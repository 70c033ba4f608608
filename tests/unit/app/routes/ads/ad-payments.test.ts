import { rm } from 'node:fs/promises';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentStartFailure } from '#app/lib/forms/provider-errors.ts';
import { ProviderError } from '#app/lib/provider/errors.ts';
import { isCheckoutUrl, nextRecheck } from '#app/routes/ads/payments.server.ts';
import { MSG } from '#rules/messages.ts';
import { webEnvWithProviderDown } from '#tests/support/provider-down.ts';

describe('what Pay says when the payment cannot start (docs/product.md §8)', () => {
  it("shows the server's own words", () => {
    const refused = new ProviderError('http', 'The provider answered 502.', 502, { detail: MSG.paymentProviderDown });
    expect(paymentStartFailure(refused)).toBe(MSG.paymentProviderDown);
  });

  it("joins a field's messages when that is all the server said", () => {
    const invalid = new ProviderError('http', 'The provider answered 400.', 400, { amount: ['Bad amount.', 'Must be 5000.'] });
    expect(paymentStartFailure(invalid)).toBe('Bad amount., Must be 5000.');
  });

  it('falls back to the general text when the server said nothing usable', () => {
    expect(paymentStartFailure(new ProviderError('timeout', 'The provider did not answer in time.'))).toBe(MSG.paymentInitFailed);
    expect(paymentStartFailure(new ProviderError('http', 'The provider answered 500.', 500, {}))).toBe(MSG.paymentInitFailed);
  });
});

describe('the checkout the browser is sent to', () => {
  it('is a web address', () => {
    expect(isCheckoutUrl('https://checkout.paystack.com/abc123')).toBe(true);
    expect(isCheckoutUrl('http://localhost:8000/payments/simulator/checkout/abc')).toBe(true);
  });

  it('never a script, a data address or a relative path', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', '/myShop', '']) expect(isCheckoutUrl(url), url).toBe(false);
  });
});

describe('how long a pending payment is checked again by itself', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  const minutesAgo = (minutes: number) => String(now - minutes * 60_000);

  it('starts counting at the first check and carries that moment to the next one', () => {
    expect(nextRecheck('kasuwa-1', null, now)).toBe(`/verify-transaction?reference=kasuwa-1&since=${now}`);
    expect(nextRecheck('kasuwa-1', minutesAgo(29), now)).toBe(`/verify-transaction?reference=kasuwa-1&since=${minutesAgo(29)}`);
  });

  it('stops after half an hour, leaving Check again to the person', () => {
    expect(nextRecheck('kasuwa-1', minutesAgo(30), now)).toBeNull();
    expect(nextRecheck('kasuwa-1', minutesAgo(600), now)).toBeNull();
  });

  it('starts over from a moment that is malformed or in the future', () => {
    for (const since of ['', 'soon', '1e3', '-5', String(now + 60_000)]) {
      expect(nextRecheck('kasuwa-1', since, now), since).toBe(`/verify-transaction?reference=kasuwa-1&since=${now}`);
    }
  });
});

describe('with the provider stopped', () => {
  let dataDir: string;
  let routes: {
    verify: typeof import('#app/routes/ads/verify-transaction.tsx');
    pay: typeof import('#app/routes/ads/payment-initiation.tsx');
    session: typeof import('#app/lib/session.server.ts');
  };
  const owner = { user: { id: 'u1', username: 'ada', email: 'ada@example.ng' }, access: 'token' };

  beforeAll(async () => {
    dataDir = await webEnvWithProviderDown();
    routes = {
      verify: await import('#app/routes/ads/verify-transaction.tsx'),
      pay: await import('#app/routes/ads/payment-initiation.tsx'),
      session: await import('#app/lib/session.server.ts'),
    };
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  function args(url: string, init: RequestInit = {}, params: Record<string, string> = {}) {
    const context = new RouterContextProvider();
    context.set(routes.session.signedInContext, owner);
    return { request: new Request(`http://localhost${url}`, init), params, context } as never;
  }

  /** A `data()` answer as its status and payload. */
  const answer = (value: unknown) => {
    const shaped = value as { init?: { status?: number }; data?: unknown };
    return { status: shaped.init?.status, data: shaped.data };
  };

  it('the verification page is a 503 that offers Check again, since the payment may have gone through', async () => {
    const verified = answer(await routes.verify.loader(args('/verify-transaction?reference=kasuwa-1')));
    expect(verified).toEqual({
      status: 503,
      data: {
        payment: { state: 'failed', error: MSG.paymentVerifyUnreachable, mayRetry: true, payAgainFor: null },
        reference: 'kasuwa-1',
        recheck: null,
        words: expect.objectContaining({ language: 'en' }),
      },
    });
  });

  it('Pay says "Failed to initiate payment. Please try later." on the payment page', async () => {
    const paid = answer(await routes.pay.action(args('/shop/s1/paymentInitiation', { method: 'POST' }, { shop_id: 's1' })));
    expect(paid).toEqual({ status: 502, data: { error: MSG.paymentInitFailed } });
  });
});
