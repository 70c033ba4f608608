import { describe, expect, it } from 'vitest';
import { ORDER_QUANTITY_MAX, orderQuantity } from '#rules/order.ts';

describe('order quantity (docs/product.md §4)', () => {
  it.each([
    ['', 1],
    [null, 1],
    ['0', 1],
    ['-4', 1],
    [0, 1],
    ['abc', 1],
    ['3', 3],
    [' 7 ', 7],
    ['2.9', 2],
    [5, 5],
  ])('%j becomes %j', (input, expected) => {
    expect(orderQuantity(input)).toBe(expected);
  });

  it('reads only the leading digits and stops at its ceiling rather than echoing a huge number', () => {
    expect(orderQuantity('1e30')).toBe(1);
    expect(orderQuantity('100000')).toBe(ORDER_QUANTITY_MAX);
    expect(orderQuantity(Number.POSITIVE_INFINITY)).toBe(1);
  });
});
