import { PRODUCT_PRICE_MAX } from './limits';
import { MSG } from './messages';

/** Digits with up to two decimals, the shape the edit form allows and the API stores (docs/api.md §1). */
const PRICE_PATTERN = /^\d+(?:\.\d{1,2})?$/;

export type PriceCheck = { ok: true; value: number } | { ok: false; message: string };

/** A leading naira sign or name: `₦`, `N`, `NGN`, in either case, with or without a space after it. */
const NAIRA_PREFIX = /^(?:₦|ngn|n)\s*/i;
/** Thousands grouped by commas, spaces or both: `78,500`, `78 500`, `1, 250, 000`. */
const GROUPED = /^\d{1,3}(?:(?:,\s*|\s+)\d{3})+(?:\.\d{1,2})?$/;

/**
 * A price as Nigerians write it, brought to plain digits (docs/product.md §5): a leading naira sign,
 * thousands separators and spaces are dropped; anything else is left for the pattern to refuse.
 */
function plainPrice(text: string): string {
  let rest = text.trim().replace(/[\u00a0\u202f]/g, ' ');
  const negative = rest.startsWith('-');
  if (negative) rest = rest.slice(1).trim();
  rest = rest.replace(NAIRA_PREFIX, '');
  if (rest.startsWith('-')) return rest;
  if (GROUPED.test(rest)) rest = rest.replace(/[,\s]/g, '');
  return negative ? `-${rest}` : rest;
}

function asText(input: unknown): string {
  if (typeof input === 'number') return Number.isFinite(input) ? String(input) : 'NaN';
  return typeof input === 'string' ? plainPrice(input) : '';
}

/** A new product's price (docs/product.md §5, add products). */
export function checkNewPrice(input: unknown): PriceCheck {
  const text = asText(input);
  if (text === '') return { ok: false, message: MSG.priceRequired };
  if (/^-\d/.test(text)) return { ok: false, message: MSG.priceNegative };
  if (!PRICE_PATTERN.test(text)) return { ok: false, message: MSG.priceInvalid };
  const value = Number(text);
  if (value > PRODUCT_PRICE_MAX) return { ok: false, message: MSG.priceTooHigh };
  if (value <= 0) return { ok: false, message: MSG.priceNotPositive };
  return { ok: true, value };
}

/** An edited price (docs/product.md §5, edit product): empty means "not given", returned as null. */
export function checkEditedPrice(input: unknown): PriceCheck | { ok: true; value: null } {
  const text = asText(input);
  if (text === '') return { ok: true, value: null };
  if (/^-\d/.test(text)) return { ok: false, message: MSG.editPricePositive };
  if (!PRICE_PATTERN.test(text)) return { ok: false, message: MSG.editPricePattern };
  const value = Number(text);
  if (value <= 0) return { ok: false, message: MSG.editPricePositive };
  if (value > PRODUCT_PRICE_MAX) return { ok: false, message: MSG.priceTooHigh };
  return { ok: true, value };
}
