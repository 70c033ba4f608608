import { Link } from 'react-router';
import { type PhotoSlot, photoOf, ResponsiveImage } from '#app/components/shops/responsive-image.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import type { OwnShop } from '#app/lib/provider/contract.ts';
import { dayInLagos } from '#rules/dates.ts';
import { MSG } from '#rules/messages.ts';
import { SmsAlertsForm } from './sms-alerts-form';

/** As owner.css lays the cards out. */
const OWNER_CARD_SLOT: PhotoSlot = {
  sizes: '(min-width: 75rem) 23.8rem, (min-width: 64rem) calc(33.3vw - 1.2rem), (min-width: 40rem) calc(50vw - 1.4rem), calc(100vw - 2rem)',
  widest: 1024,
  phone: 380,
};

export function OwnerShopCard({ shop, eager }: { shop: OwnShop; eager: boolean }) {
  const id = encodeURIComponent(shop.id);
  // While a moderator keeps it hidden (the notice above says why), it cannot be advertised or deleted.
  const hidden = shop.hidden !== null;
  const t = useT();
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
        <p className="ad-status">{t('ownShop.hidden')}</p>
      ) : shop.is_sponsored ? (
        <p className="sponsored-until">
          {shop.sponsored_until ? t('ownShop.sponsoredUntil', { date: dayInLagos(shop.sponsored_until, t.language) }) : t('ownShop.sponsored')}
        </p>
      ) : (
        <p className="ad-status">{shop.ad_ended_at ? t('ownShop.adEnded', { date: dayInLagos(shop.ad_ended_at, t.language) }) : t('ownShop.noAd')}</p>
      )}
      {shop.phone_verified ? (
        <p className="card-check">✓ {t('ownShop.phoneVerified')}</p>
      ) : (
        !hidden &&
        shop.owner_phone && (
          <p>
            <Link to={`/myShop/${id}/phone`}>{t('ownShop.verifyPhone')}</Link>
          </p>
        )
      )}
      {shop.bank_match ? (
        <p className="card-check">✓ {t('ownShop.bankMatched')}</p>
      ) : (
        !hidden && (
          <p>
            <Link to={`/myShop/${id}/bank`}>{t('ownShop.matchBank')}</Link>
          </p>
        )
      )}
      {!shop.state && (
        <p className="notice owner-ask">
          {t.said(MSG.shopStateMissing)} <Link to={`/editShop/${id}/edit-shop`}>{t('ownShop.addState')}</Link>
        </p>
      )}
      {!hidden && <SmsAlertsForm shop={shop} />}
      <nav className="shop-actions" aria-label={t('ownShop.manage', { name: shop.name })}>
        <Link className="button secondary" to={`/shop/${id}/products`}>
          {t('ownShop.products')}
        </Link>
        {!hidden && (
          <Link className="button secondary" to={`/shop/${id}/step1`}>
            {t('ownShop.ads')}
          </Link>
        )}
        <Link className="button secondary" to={`/editShop/${id}/edit-shop`}>
          {t('ownShop.edit')}
        </Link>
        {shop.short_code && !hidden && (
          <Link className="button secondary" to={`/myShop/${id}/poster`}>
            {t('ownShop.poster')}
          </Link>
        )}
        {/* A link to the confirmation, so deleting asks first with or without JavaScript. */}
        {!hidden && (
          <Link className="button danger" to={`/myShop?delete=${id}`} preventScrollReset>
            {t('ownShop.delete')}
          </Link>
        )}
      </nav>
    </li>
  );
}
