import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../../app/lib/provider/errors';
import { MSG } from '../../../app/lib/rules/messages';
import { isCheckoutUrl, paymentStartFailure } from '../../../app/routes/ads/payments.server';

describe('what Pay says when the payment cannot start (SPEC §8)', () => {
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
