import { describe, expect, it } from 'vitest';
import { demoSvg } from '#server/db/demo-drawings.ts';
import { DEMO_SHOPS } from '#server/db/demo-shops.ts';

const categories = [...new Set(DEMO_SHOPS.map((shop) => shop.category))];
const drawn = (kind: 'shop' | 'product', category: string, name = '') => demoSvg({ kind, category, name, variety: 0 }, 800, 600);

describe('the demo photos', () => {
  it('show each category its own goods, in the shop photos and the products', () => {
    for (const kind of ['shop', 'product'] as const) {
      const drawings = categories.map((category) => drawn(kind, category));
      expect(new Set(drawings).size).toBe(categories.length);
    }
  });

  it('draw a product by its name when the name says what it is', () => {
    expect(drawn('product', 'Food', 'Catfish pepper soup')).not.toBe(drawn('product', 'Food', 'Party jollof rice'));
    expect(drawn('product', 'Groceries', 'Palm oil, 5 litres')).toBe(drawn('product', 'Food', 'Zobo drink, 1 litre'));
  });
});
