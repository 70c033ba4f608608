import { useT } from '#app/lib/i18n/words.ts';
import type { Shop } from '#app/lib/provider/contract.ts';
import { monthInLagos } from '#rules/dates.ts';
import { HeartButton } from './heart-button';
import { type Photo, type PhotoSlot, type PhotoTiming, ResponsiveImage } from './responsive-image';
import { oneDecimal } from './stars';

/** The card's width as app.css lays it out: the browser picks the copy from it, so it must not overstate the slot. */
export const CARD_SLOT: PhotoSlot = {
  sizes: '(min-width: 75rem) 14rem, (min-width: 48rem) calc(33.3vw - 1.17rem), calc(50vw - 1.375rem)',
  widest: 800,
  phone: 184,
};

/** `place`: area and state, else the address; `from`: the lowest product price, formatted on the server. */
export type CardShop = Pick<Shop, 'id' | 'name' | 'category'> & {
  place: string;
  from: string | null;
  photo: Photo | null;
  rating?: { average: number; count: number };
  /** Only when true: most cards carry no check, and every byte of a list travels in its hydration data. */
  phoneVerified?: true;
  /** When a moderator visited its stall, while that shows. */
  stallVisited?: string;
  bankMatched?: true;
};

/**
 * A plain anchor that ShopGrid opens as a client-side navigation; `data-discover` lets React Router learn
 * the shop route ahead of the tap, as for a <Link>.
 */
export function ShopCard({ shop, badge, timing, saved }: { shop: CardShop; badge?: 'Sponsored' | 'Ad'; timing: PhotoTiming; saved: boolean }) {
  const t = useT();
  return (
    <li className="shop-card">
      <a href={`/shop/${encodeURIComponent(shop.id)}`} data-discover="true">
        <ResponsiveImage photo={shop.photo} alt="" slot={CARD_SLOT} timing={timing} className="card-image" />
        {badge && <span className="paid-badge">{badge === 'Sponsored' ? t('card.sponsored') : t('card.ad')}</span>}
        <span className="card-name">{shop.name}</span>
        {shop.rating && <CardRating {...shop.rating} />}
        {/* Text, not a link to what it means: the card is one link already, and the shop page has that one. */}
        {shop.phoneVerified && <span className="card-check">✓ {t('check.phone')}</span>}
        {shop.bankMatched && <span className="card-check">✓ {t('check.bank')}</span>}
        {shop.stallVisited && <span className="card-check">✓ {t('check.stall', { month: monthInLagos(shop.stallVisited, t.language) })}</span>}
        <span className="card-meta">{shop.place ? `${shop.category} · ${shop.place}` : shop.category}</span>
        {shop.from && <span className="card-price">{t('card.from', { price: shop.from })}</span>}
      </a>
      <HeartButton shopId={shop.id} shopName={shop.name} saved={saved} />
    </li>
  );
}

/** "★ 4.3 (12)" on screen, read aloud as one phrase. */
function CardRating({ average, count }: { average: number; count: number }) {
  const t = useT();
  const shown = oneDecimal(average);
  return (
    <span className="card-rating" role="img" aria-label={t('card.rating', { stars: shown, count })}>
      {`★ ${shown} (${count})`}
    </span>
  );
}
