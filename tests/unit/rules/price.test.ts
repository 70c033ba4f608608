import { describe, expect, it } from 'vitest';
import { MSG } from '../../../app/lib/rules/messages';
import { checkEditedPrice, checkNewPrice, priceInNaira } from '../../../app/lib/rules/price';

describe('new product prices (SPEC §5)', () => {
  it.each([
    ['', MSG.priceRequired],
    ['abc', MSG.priceInvalid],
    ['10.999', MSG.priceInvalid],
    ['-1', MSG.priceNegative],
    ['1000000.01', MSG.priceTooHigh],
    ['0', MSG.priceNotPositive],
  ])('%j is refused with %j', (input, message) => {
    expect(checkNewPrice(input)).toEqual({ ok: false, message });
  });

  it('accepts up to 1,000,000 with at most two decimals, as text or number', () => {
    expect(checkNewPrice('1000000')).toEqual({ ok: true, value: 1_000_000 });
    expect(checkNewPrice(' 10.99 ')).toEqual({ ok: true, value: 10.99 });
    expect(checkNewPrice(2500)).toEqual({ ok: true, value: 2500 });
  });
});

describe('edited prices (SPEC §5)', () => {
  it('treats an empty price as not given', () => {
    expect(checkEditedPrice('')).toEqual({ ok: true, value: null });
  });

  it.each([
    ['1.234', MSG.editPricePattern],
    ['12,000', MSG.editPricePattern],
    ['0', MSG.editPricePositive],
    ['-4', MSG.editPricePositive],
  ])('%j is refused with %j', (input, message) => {
    expect(checkEditedPrice(input)).toEqual({ ok: false, message });
  });
});

describe('prices in naira', () => {
  it('shows whole naira without decimals and kobo when there are some', () => {
    expect(priceInNaira(5000)).toBe('₦5,000');
    expect(priceInNaira(1_000_000)).toBe('₦1,000,000');
    expect(priceInNaira(850.5)).toBe('₦850.50');
  });
});
