import { describe, expect, it } from 'vitest';
import { signupSchema } from '#rules/account-schemas.ts';
import { MSG } from '#rules/messages.ts';
import { isNigerianPhone, maskedPhone, normalisePhone } from '#rules/phone.ts';

describe('Nigerian phone numbers', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['+234 803-123-4567', '+2348031234567'],
    ['+234 0803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['234 803 123 4567', '+2348031234567'],
    ['00234 803 123 4567', '+2348031234567'],
    ['(0803) 123.4567', '+2348031234567'],
    ['0705 123 4567', '+2347051234567'],
    ['+234 906 123 4567', '+2349061234567'],
  ])('accepts %s and sends it as %s', (typed, sent) => {
    expect(isNigerianPhone(typed)).toBe(true);
    expect(normalisePhone(typed)).toBe(sent);
  });

  // Ten digits alone could be another country's number; 234 before a landline's or a short number is not a mobile.
  it.each(['8031234567', '0803123456', '+23480312345678', '234803123456', '2341234567890', '23402123456789', '080312345ab', ''])(
    'refuses %j with the message of docs/product.md §5',
    (typed) => {
      expect(isNigerianPhone(typed)).toBe(false);
      expect(signupSchema.shape.phone_number.safeParse(typed).error?.issues[0]?.message).toBe(typed ? MSG.phoneInvalid : MSG.phoneRequired);
    },
  );
});

describe('a number shown half hidden', () => {
  it('keeps the network code and the last four digits, as people write it at home', () => {
    expect(maskedPhone('+2348031234567')).toBe('0803 ••• 4567');
  });
});
