import type { Shop } from '../../lib/provider/contract';
import { type Photo, ResponsiveImage } from './responsive-image';

/** Two cards a row on phones, up to five on wide screens: the browser picks the variant from this. */
export const CARD_IMAGE_SIZES = '(min-width: 75rem) 14rem, (min-width: 48rem) 30vw, 50vw';

export type CardShop = Pick<Shop, 'id' | 'name' | 'category' | 'address'> & { photo: Photo | null };

/**
 * The paid badge reads as paid: "Sponsored" on the home page, "Ad" in search results (SPEC §2). The
 * link is a plain anchor that the grid opens as a client-side navigation (see ShopGrid);
 * `data-discover` lets React Router learn the shop route ahead of the tap, as it does for a <Link>.
 */
export function ShopCard({ shop, badge, eager }: { shop: CardShop; badge?: 'Sponsored' | 'Ad'; eager: boolean }) {
  return (
    <li className="shop-card">
      <a href={`/shop/${encodeURIComponent(shop.id)}`} data-discover="true">
        <ResponsiveImage photo={shop.photo} alt="" sizes={CARD_IMAGE_SIZES} eager={eager} className="card-image" />
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
