/** The categories the shop form offers (docs/product.md §5); an owner may still type another. */
export const SHOP_CATEGORIES = [
  'Food',
  'Groceries',
  'Fashion',
  'Tailoring',
  'Phones',
  'Electronics',
  'Beauty',
  'Pharmacy',
  'Books',
  'Furniture',
  'Crafts',
  'Auto parts',
  'Building materials',
  'Services',
  'Other',
] as const;
