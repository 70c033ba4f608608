import { Link } from 'react-router';
import type { Shop } from '../../lib/provider/contract';
import { ResponsiveImage } from './responsive-image';

/** Two cards a row on phones, up to five on wide screens: the browser picks the variant from this. */
export const CARD_IMAGE_SIZES = '(min-width: 75rem) 14rem, (min-width: 48rem) 30vw, 50vw';

export type CardShop = Pick<Shop, 'id' | 'name' | 'category' | 'address' | 'image' | 'image_url'>;

/** The paid badge reads as paid: "Sponsored" on the home page, "Ad" in search results (SPEC §2). */
export function ShopCard({ shop, badge, eager }: { shop: CardShop; badge?: 'Sponsored' | 'Ad'; eager: boolean }) {
  return (
    <li className="shop-card">
      <Link to={`/shop/${shop.id}`}>
        <ResponsiveImage image={shop.image} fallbackUrl={shop.image_url} alt="" sizes={CARD_IMAGE_SIZES} eager={eager} className="card-image" />
        {badge && <span className="paid-badge">{badge}</span>}
        <span className="card-name">{shop.name}</span>
        <span className="card-meta">
          {shop.category}
          {shop.address && ` · ${shop.address}`}
        </span>
      </Link>
    </li>
  );
}
