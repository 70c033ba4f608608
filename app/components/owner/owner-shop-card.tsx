import { Link } from 'react-router';
import { dayInLagos } from '../../lib/dates';
import type { Shop } from '../../lib/provider/contract';
import { photoOf, ResponsiveImage } from '../shops/responsive-image';

/** One card a row on small phones, two on larger ones, three on wide screens (owner.css). */
const OWNER_CARD_SIZES = '(min-width: 64rem) 22rem, (min-width: 40rem) 48vw, 100vw';

/** A shop on My Shops, with everything its owner does to it (SPEC §2). */
export function OwnerShopCard({ shop, eager }: { shop: Shop; eager: boolean }) {
  const id = encodeURIComponent(shop.id);
  return (
    <li className="owner-shop">
      <ResponsiveImage photo={photoOf(shop.image, shop.image_url)} alt="" sizes={OWNER_CARD_SIZES} eager={eager} className="card-image" />
      <h2>
        <Link to={`/shop/${id}`}>{shop.name}</Link>
      </h2>
      <p className="card-meta">
        {shop.category}
        {shop.address && ` · ${shop.address}`}
      </p>
      {shop.is_sponsored && (
        <p className="sponsored-until">Sponsored{shop.sponsored_until ? ` until ${dayInLagos(shop.sponsored_until)}` : ''}</p>
      )}
      <nav className="shop-actions" aria-label={`Manage ${shop.name}`}>
        <Link className="button secondary" to={`/shop/${id}/products`}>
          Products
        </Link>
        <Link className="button secondary" to={`/shop/${id}/step1`}>
          Ads
        </Link>
        <Link className="button secondary" to={`/editShop/${id}/edit-shop`}>
          Edit Shop
        </Link>
        {/* A link to the confirmation, so deleting asks first with or without JavaScript. */}
        <Link className="button danger" to={`/myShop?delete=${id}`} preventScrollReset>
          Delete
        </Link>
      </nav>
    </li>
  );
}
