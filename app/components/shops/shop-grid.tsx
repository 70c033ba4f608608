import type { Shop } from '../../lib/provider/contract';
import { type CardShop, ShopCard } from './shop-card';

/** The first row of cards loads eagerly (it is what a phone shows first); the rest wait until scrolled to. */
const EAGER_CARDS = 4;

export type GridShop = { shop: CardShop; badge?: 'Sponsored' | 'Ad' };

export function ShopGrid({ shops, label }: { shops: GridShop[]; label: string }) {
  return (
    <ul className="shop-grid" aria-label={label}>
      {shops.map(({ shop, badge }, index) => (
        <ShopCard key={shop.id} shop={shop} badge={badge} eager={index < EAGER_CARDS} />
      ))}
    </ul>
  );
}

/** Placeholder cards while a navigation is pending (SPEC §9 counts). */
export function SkeletonGrid({ count, label }: { count: number; label: string }) {
  return (
    <ul className="shop-grid" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="shop-card skeleton" aria-hidden="true">
          <span className="card-image" />
          <span className="card-name" />
          <span className="card-meta" />
        </li>
      ))}
    </ul>
  );
}

/**
 * Only what a card shows travels in the page's hydration data: a list of 34 whole shops (descriptions,
 * tags, phone numbers) doubled the HTML and the time spent serialising it.
 */
function cardShop({ id, name, category, address, image, image_url }: Shop): CardShop {
  return { id, name, category, address, image, image_url };
}

/** Sponsored shops first with their badge, each shop once (SPEC §2). */
export function sponsoredFirst(list: { sponsored_shops: Shop[]; for_you: Shop[] }, badge: 'Sponsored' | 'Ad'): GridShop[] {
  const sponsoredIds = new Set(list.sponsored_shops.map((shop) => shop.id));
  return [
    ...list.sponsored_shops.map((shop) => ({ shop: cardShop(shop), badge })),
    ...list.for_you.filter((shop) => !sponsoredIds.has(shop.id)).map((shop) => ({ shop: cardShop(shop) })),
  ];
}
