import { describe, expect, it } from 'vitest';
import { messageWarning } from '#rules/message-warning.ts';

describe('messageWarning', () => {
  it('flags a request for payment before delivery', () => {
    for (const text of [
      'Pay first and I will send it',
      'payment before delivery please',
      'You need to make advance payment',
      'Send the money and I go dispatch am',
      'Transfer before I ship',
      'A small deposit holds it for you',
      'Make transfer, I dey wait',
    ])
      expect(messageWarning(text), text).toBe('pay_first');
  });

  it('flags a 10-digit number, as an account number is written, but not a phone number', () => {
    for (const text of ['Account: 0123456789 GTBank', '0123 456 789', 'acct 0123-456-789.']) expect(messageWarning(text), text).toBe('account_number');
    for (const text of ['Call me on 08031234567', '+234 803 123 4567', '0803 123 4567', 'It costs 12,000 naira', 'Open 8 to 6 daily'])
      expect(messageWarning(text), text).toBeNull();
  });

  it('flags a link, written in full or not', () => {
    for (const text of ['See https://example.com/a', 'www.kasuwa-deals.ng', 'order at bestprice.com.ng', 'wa.me/2348031234567'])
      expect(messageWarning(text), text).toBe('link');
  });

  it('leaves plain talk alone, and names the payment request first when a message has several', () => {
    expect(messageWarning('It is ready. Come and see it before you pay.')).toBeNull();
    expect(messageWarning('Pay on delivery is fine')).toBeNull();
    expect(messageWarning('Pay first to 0123456789 or via https://x.com')).toBe('pay_first');
    expect(messageWarning('0123456789 and https://x.com')).toBe('account_number');
  });
});
