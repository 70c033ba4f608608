import { Link } from 'react-router';
import { oneDecimal } from '#app/components/shops/stars.tsx';
import type { Shop } from '#app/lib/provider/contract.ts';
import { ReviewList } from './review-list';

const STARS_DOWN = [5, 4, 3, 2, 1] as const;

/** The spread of stars as meters: the CSP forbids the inline styles bars would need. */
export function RatingSummary({ shop }: { shop: Shop }) {
  const count = shop.rating_count;
  const reviewsPath = `/shop/${encodeURIComponent(shop.id)}/reviews`;
  return (
    <section className="shop-ratings" aria-labelledby="ratings-title">
      <h2 id="ratings-title">Ratings</h2>
      {count === 0 ? (
        <p>No ratings yet.</p>
      ) : (
        <>
          <p className="rating-average">
            <strong>{oneDecimal(shop.rating_average)}</strong> out of 5 · {count === 1 ? '1 rating' : `${count} ratings`}
          </p>
          <ul className="rating-spread" aria-label="Ratings by stars">
            {STARS_DOWN.map((stars) => {
              const many = shop.rating_stars[stars - 1] ?? 0;
              return (
                <li key={stars}>
                  <span>{stars} ★</span>
                  <meter min={0} max={count} value={many} aria-label={`${stars} stars`} />
                  <span>{many}</span>
                </li>
              );
            })}
          </ul>
          <ReviewList reviews={shop.latest_ratings} />
          {count > shop.latest_ratings.length && <Link to={reviewsPath}>More reviews</Link>}
        </>
      )}
    </section>
  );
}
