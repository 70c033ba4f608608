import type { Shop } from '../../lib/provider/contract';
import { type Photo, type PhotoTiming, ResponsiveImage } from './responsive-image';

/**
 * The card's width (app.css): two a row on phones, three from 48rem, five from 75rem, in the page's 1rem
 * padding with 0.75rem gaps. The browser picks the variant from this, so it must not overstate the slot.
 */
export const CARD_IMAGE_SIZES = '(min-width: 75rem) 14rem, (min-width: 48rem) calc(33.3vw - 1.17rem), calc(50vw - 1.375rem)';

export type CardShop = Pick<Shop, 'id' | 'name' | 'category' | 'address'> & { photo: Photo | null };

/**
 * The paid badge reads as paid: "Sponsored" on the home page, "Ad" in search results (SPEC §2). The
 * link is a plain anchor that the grid opens as a client-side navigation (see ShopGrid);
 * `data-discover` lets React Router learn the shop route ahead of the tap, as it does for a <Link>.
 */
export function ShopCard({ shop, badge, timing }: { shop: CardShop; badge?: 'Sponsored' | 'Ad'; timing: PhotoTiming }) {
  return (
    <li className="shop-card">
      <a href={`/shop/${encodeURIComponent(shop.id)}`} data-discover="true">
        <ResponsiveImage photo={shop.photo} alt="" sizes={CARD_IMAGE_SIZES} timing={timing} className="card-image" />
        {badge && <span className="paid-badge">{badge}</span>}
        <span className="card-name">{shop.name}</span>
        <span className="card-meta">
          {shop.category}
          {shop.address && ` · ${shop.address}`}
        </span>
      </a>
    </li>
  );
}
