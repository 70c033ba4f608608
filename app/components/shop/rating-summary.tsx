import { Link } from 'react-router';
import { oneDecimal } from '#app/components/shops/stars.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import type { Shop } from '#app/lib/provider/contract.ts';
import { ReviewList } from './review-list';

const STARS_DOWN = [5, 4, 3, 2, 1] as const;

/** The spread of stars as meters: the CSP forbids the inline styles bars would need. */
export function RatingSummary({ shop, ownShop = false }: { shop: Shop; ownShop?: boolean }) {
  const count = shop.rating_count;
  const reviewsPath = `/shop/${encodeURIComponent(shop.id)}/reviews`;
  const t = useT();
  return (
    <section className="shop-ratings" aria-labelledby="ratings-title">
      <h2 id="ratings-title">{t('ratings.title')}</h2>
      {count === 0 ? (
        <p>{t('ratings.none')}</p>
      ) : (
        <>
          <p className="rating-average">
            <strong>{oneDecimal(shop.rating_average)}</strong> {t('ratings.outOf5')} · {t('shop.ratings', { count })}
          </p>
          {shop.rating_labelled_count !== undefined && <p className="rating-labelled">{t('ratings.labelled', { count: shop.rating_labelled_count })}</p>}
          <ul className="rating-spread" aria-label={t('ratings.byStars')}>
            {STARS_DOWN.map((stars) => {
              const many = shop.rating_stars[stars - 1] ?? 0;
              return (
                <li key={stars}>
                  <span>{stars} ★</span>
                  <meter min={0} max={count} value={many} aria-label={t('ratings.stars', { stars })} />
                  <span>{many}</span>
                </li>
              );
            })}
          </ul>
          <ReviewList reviews={shop.latest_ratings} answerable={ownShop} />
          {count > shop.latest_ratings.length && <Link to={reviewsPath}>{t('ratings.more')}</Link>}
        </>
      )}
    </section>
  );
}
