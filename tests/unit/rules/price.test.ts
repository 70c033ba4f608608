import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { priceInNaira } from '#rules/naira.ts';
import { checkEditedPrice, checkNewPrice } from '#rules/price.ts';

describe('new product prices (docs/product.md §5)', () => {
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

describe('prices as Nigerians write them (docs/product.md §5)', () => {
  it.each([
    ['78,500', 78_500],
    ['₦14,200', 14_200],
    ['₦ 14,200', 14_200],
    ['N14,200', 14_200],
    ['n 2500', 2500],
    ['NGN 1,000,000', 1_000_000],
    ['ngn14200.50', 14_200.5],
    ['78 500', 78_500],
    ['78\u00a0500', 78_500],
    ['₦1, 250', 1250],
    ['14,200.5', 14_200.5],
  ])('%j is read as %d, new or edited', (input, value) => {
    expect(checkNewPrice(input)).toEqual({ ok: true, value });
    expect(checkEditedPrice(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['14.200', MSG.priceInvalid],
    ['1,2345', MSG.priceInvalid],
    ['12,00', MSG.priceInvalid],
    ['₦', MSG.priceRequired],
    ['-₦500', MSG.priceNegative],
    ['₦-500', MSG.priceNegative],
    ['₦1,000,001', MSG.priceTooHigh],
    ['$500', MSG.priceInvalid],
  ])('%j is still refused with %j', (input, message) => {
    expect(checkNewPrice(input)).toEqual({ ok: false, message });
  });
});

describe('edited prices (docs/product.md §5)', () => {
  it('treats an empty price as not given', () => {
    expect(checkEditedPrice('')).toEqual({ ok: true, value: null });
  });

  it.each([
    ['1.234', MSG.editPricePattern],
    ['12,0000', MSG.editPricePattern],
    ['₦-4', MSG.editPricePositive],
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

/**
 * `Intl.NumberFormat` as ECMA-402 had it before 2023 (the browsers of old phones): a currency's minimum
 * fraction digits default to its minor unit (2 for the naira) and a maximum below the minimum is a RangeError.
 */
class Pre2023NumberFormat extends Intl.NumberFormat {
  constructor(locale: string, options: Intl.NumberFormatOptions = {}) {
    const minimum = options.minimumFractionDigits ?? (options.style === 'currency' ? 2 : 0);
    if (options.maximumFractionDigits !== undefined && options.maximumFractionDigits < minimum) {
      throw new RangeError('maximumFractionDigits value is out of range.');
    }
    super(locale, options);
  }
}

describe('prices in naira on an engine following ECMA-402 before 2023', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('loads and shows the same prices', async () => {
    expect(() => new Pre2023NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 })).toThrow(RangeError);
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl), { NumberFormat: Pre2023NumberFormat }));
    vi.resetModules();
    const old = await import('#rules/naira.ts');
    expect(old.priceInNaira(5000)).toBe('₦5,000');
    expect(old.priceInNaira(1_000_000)).toBe('₦1,000,000');
    expect(old.priceInNaira(850.5)).toBe('₦850.50');
  });
});
