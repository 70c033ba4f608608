/** A bound so a hand-edited URL (`?qty=1e30`) cannot make the acknowledgement absurd. */
export const ORDER_QUANTITY_MAX = 999;

/**
 * docs/product.md §4: an order quantity is an integer of at least 1, and becomes 1 again when emptied or set below 1.
 * Fractions are cut to whole items; text that is not a number counts as empty.
 */
export function orderQuantity(input: string | number | null | undefined): number {
  const value = typeof input === 'number' ? input : Number.parseInt(String(input ?? '').trim(), 10);
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(Math.floor(value), ORDER_QUANTITY_MAX);
}
