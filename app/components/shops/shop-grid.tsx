import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { placeOf } from '#app/lib/place.ts';
import type { Shop } from '#app/lib/provider/contract.ts';
import { priceInNaira } from '#rules/naira.ts';
import { SavedHearts } from './heart-button';
import { type PhotoTiming, photoOf } from './responsive-image';
import { type CardShop, ShopCard } from './shop-card';

/** Only a phone's first row is fetched at once: photos fetched together share a slow link, and the first would arrive with the last. */
const FIRST_CARDS = 2;

const timingOf = (index: number): PhotoTiming => (index === 0 ? 'lcp' : index < FIRST_CARDS ? 'first' : 'near');

export type GridShop = { shop: CardShop; badge?: 'Sponsored' | 'Ad' };

/** A click that a browser would open in this tab, as React Router's <Link> decides. */
function opensHere(event: MouseEvent, link: HTMLAnchorElement): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return !event.defaultPrevented && event.button === 0 && !modified && (!link.target || link.target === '_self') && link.origin === window.location.origin;
}

/** One click listener opens every card as a client-side navigation, cheaper to render than a <Link> per card. */
export function ShopGrid({ shops, label, saved }: { shops: GridShop[]; label: string; saved: readonly string[] }) {
  const navigate = useNavigate();
  // Where a heart's plain form post comes back to.
  const { pathname, search } = useLocation();
  const savedIds = new Set(saved);
  const openCard = (event: MouseEvent<HTMLUListElement>) => {
    const link = (event.target as Element).closest('a');
    if (!link || !opensHere(event, link)) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  };
  return (
    <>
      <SavedHearts back={pathname + search} />
      {/* The anchors inside are what a keyboard reaches and activates; their clicks bubble up here. */}
      <ul className="shop-grid" aria-label={label} onClick={openCard}>
        {shops.map(({ shop, badge }, index) => (
          <ShopCard key={shop.id} shop={shop} badge={badge} timing={timingOf(index)} saved={savedIds.has(shop.id)} />
        ))}
      </ul>
    </>
  );
}

/** Only what a card shows travels in the hydration data: whole shops would double a list page's HTML. */
export function cardShop(shop: Shop): CardShop {
  const { id, name, category, address, image, image_url, lowest_price, rating_average, rating_count, phone_verified, stall_visited_at, bank_match } = shop;
  const from = lowest_price === null ? null : priceInNaira(lowest_price);
  const card: CardShop = { id, name, category, place: placeOf(shop) || address, from, photo: photoOf(image, image_url) };
  if (rating_count > 0) card.rating = { average: rating_average, count: rating_count };
  if (phone_verified) card.phoneVerified = true;
  if (stall_visited_at) card.stallVisited = stall_visited_at;
  if (bank_match) card.bankMatched = true;
  return card;
}

/** The saved ids among a list's shops: all a page's hearts need, whatever else the person saved. */
export function savedAmong(shops: GridShop[], saved: ReadonlySet<string>): string[] {
  return shops.filter(({ shop }) => saved.has(shop.id)).map(({ shop }) => shop.id);
}

/** Sponsored shops first with their badge, each shop once (docs/product.md §2). */
export function sponsoredFirst(list: { sponsored_shops: Shop[]; for_you: Shop[] }, badge: 'Sponsored' | 'Ad'): GridShop[] {
  const sponsoredIds = new Set(list.sponsored_shops.map((shop) => shop.id));
  return [
    ...list.sponsored_shops.map((shop) => ({ shop: cardShop(shop), badge })),
    ...list.for_you.filter((shop) => !sponsoredIds.has(shop.id)).map((shop) => ({ shop: cardShop(shop) })),
  ];
}
