/** Where a shop is, as its owner named it: "Yaba, Lagos", either part alone, or nothing. */
export function placeOf(shop: { area?: string | null; state?: string | null }): string {
  return [shop.area, shop.state].filter(Boolean).join(', ');
}
