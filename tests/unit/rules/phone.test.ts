import { describe, expect, it } from 'vitest';
import { isNigerianPhone, normalisePhone } from '../../../app/lib/rules/phone';

describe('Nigerian phone numbers', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['+234 803-123-4567', '+2348031234567'],
  ])('accepts %s and sends it as %s', (typed, sent) => {
    expect(isNigerianPhone(typed)).toBe(true);
    expect(normalisePhone(typed)).toBe(sent);
  });

  it.each(['8031234567', '0803123456', '+23480312345678', '2348031234567', '080312345ab', ''])('refuses %j', (typed) => {
    expect(isNigerianPhone(typed)).toBe(false);
  });
});
