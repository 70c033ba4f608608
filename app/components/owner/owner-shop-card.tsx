import { Link } from 'react-router';
import { type PhotoSlot, photoOf, ResponsiveImage } from '#app/components/shops/responsive-image.tsx';
import type { OwnShop } from '#app/lib/provider/contract.ts';
import { dayInLagos } from '#rules/dates.ts';
import { MSG } from '#rules/messages.ts';
import { SmsAlertsForm } from './sms-alerts-form';

/** As owner.css lays the cards out. */
const OWNER_CARD_SLOT: PhotoSlot = {
  sizes: '(min-width: 75rem) 23.8rem, (min-width: 64rem) calc(33.3vw - 1.2rem), (min-width: 40rem) calc(50vw - 1.4rem), calc(100vw - 2rem)',
  widest: 1024,
};

export function OwnerShopCard({ shop, eager }: { shop: OwnShop; eager: boolean }) {
  const id = encodeURIComponent(shop.id);
  // While a moderator keeps it hidden (the notice above says why), it cannot be advertised or deleted.
  const hidden = shop.hidden !== null;
  return (
    <li className="owner-shop">
      <ResponsiveImage photo={photoOf(shop.image, shop.image_url)} alt="" slot={OWNER_CARD_SLOT} timing={eager ? 'first' : 'near'} className="card-image" />
      <h2>
        <Link to={`/shop/${id}`}>{shop.name}</Link>
      </h2>
      <p className="card-meta">
        {shop.category}
        {shop.address && ` · ${shop.address}`}
      </p>
      {hidden ? (
        <p className="ad-status">Hidden by Kasuwa's moderators</p>
      ) : shop.is_sponsored ? (
        <p className="sponsored-until">Sponsored{shop.sponsored_until ? ` until ${dayInLagos(shop.sponsored_until)}` : ''}</p>
      ) : (
        <p className="ad-status">{shop.ad_ended_at ? `Ad ended ${dayInLagos(shop.ad_ended_at)}` : 'No ad running'}</p>
      )}
      {!shop.state && (
        <p className="notice owner-ask">
          {MSG.shopStateMissing} <Link to={`/editShop/${id}/edit-shop`}>Add the state</Link>
        </p>
      )}
      {!hidden && <SmsAlertsForm shop={shop} />}
      <nav className="shop-actions" aria-label={`Manage ${shop.name}`}>
        <Link className="button secondary" to={`/shop/${id}/products`}>
          Products
        </Link>
        {!hidden && (
          <Link className="button secondary" to={`/shop/${id}/step1`}>
            Ads
          </Link>
        )}
        <Link className="button secondary" to={`/editShop/${id}/edit-shop`}>
          Edit Shop
        </Link>
        {shop.short_code && !hidden && (
          <Link className="button secondary" to={`/myShop/${id}/poster`}>
            Print a poster
          </Link>
        )}
        {/* A link to the confirmation, so deleting asks first with or without JavaScript. */}
        {!hidden && (
          <Link className="button danger" to={`/myShop?delete=${id}`} preventScrollReset>
            Delete
          </Link>
        )}
      </nav>
    </li>
  );
}
