// minimumFractionDigits too: engines following ECMA-402 before 2023 (old phones' browsers) keep the
// currency's default of 2 and throw a RangeError for a maximum below it, here at module load.
const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const NAIRA_KOBO = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 });

/** `₦5,000`, or `₦10.50` when a price has kobo. */
export function priceInNaira(value: number): string {
  return Number.isInteger(value) ? NAIRA.format(value) : NAIRA_KOBO.format(value);
}
