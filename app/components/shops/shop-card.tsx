import type { Shop } from '#app/lib/provider/contract.ts';
import { HeartButton } from './heart-button';
import { type Photo, type PhotoSlot, type PhotoTiming, ResponsiveImage } from './responsive-image';
import { oneDecimal } from './stars';

/**
 * The card's width (app.css): two a row on phones, three from 48rem, five from 75rem, in the page's 1rem
 * padding with 0.75rem gaps. The browser picks the variant from this, so it must not overstate the slot;
 * no card is wider than 380 px, so 800 px copies serve any of them at 2× (and a phone's at 3×).
 */
export const CARD_SLOT: PhotoSlot = { sizes: '(min-width: 75rem) 14rem, (min-width: 48rem) calc(33.3vw - 1.17rem), calc(50vw - 1.375rem)', widest: 800 };

/**
 * `place`: the shop's area and state, or its address when it names neither; `from`: its lowest product
 * price, written out on the server (`₦3,500`), or null when it has no products.
 */
export type CardShop = Pick<Shop, 'id' | 'name' | 'category'> & {
  place: string;
  from: string | null;
  photo: Photo | null;
  rating?: { average: number; count: number };
};

/**
 * The paid badge reads as paid: "Sponsored" on the home page, "Ad" in search results (SPEC §2). The
 * link is a plain anchor that the grid opens as a client-side navigation (see ShopGrid);
 * `data-discover` lets React Router learn the shop route ahead of the tap, as it does for a <Link>.
 */
export function ShopCard({ shop, badge, timing, saved }: { shop: CardShop; badge?: 'Sponsored' | 'Ad'; timing: PhotoTiming; saved: boolean }) {
  return (
    <li className="shop-card">
      <a href={`/shop/${encodeURIComponent(shop.id)}`} data-discover="true">
        <ResponsiveImage photo={shop.photo} alt="" slot={CARD_SLOT} timing={timing} className="card-image" />
        {badge && <span className="paid-badge">{badge}</span>}
        <span className="card-name">{shop.name}</span>
        {shop.rating && <CardRating {...shop.rating} />}
        <span className="card-meta">{shop.place ? `${shop.category} · ${shop.place}` : shop.category}</span>
        {shop.from && <span className="card-price">{`from ${shop.from}`}</span>}
      </a>
      <HeartButton shopId={shop.id} shopName={shop.name} saved={saved} />
    </li>
  );
}

/** "★ 4.3 (12)" on screen, read as one phrase: few bytes on each of a list's cards. */
function CardRating({ average, count }: { average: number; count: number }) {
  const shown = oneDecimal(average);
  return (
    <span className="card-rating" role="img" aria-label={`${shown} stars, ${count === 1 ? '1 rating' : `${count} ratings`}`}>
      {`★ ${shown} (${count})`}
    </span>
  );
}
