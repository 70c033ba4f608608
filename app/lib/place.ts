export function placeOf(shop: { area?: string | null; state?: string | null }): string {
  return [shop.area, shop.state].filter(Boolean).join(', ');
}
