import { Stars } from '#app/components/shops/stars.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import { reportPath } from '#app/lib/moderation-paths.ts';
import type { Rating } from '#app/lib/provider/contract.ts';
import { dayInLagos } from '#rules/dates.ts';

/** Reviews as their writers typed them (React escapes the text), newest first. */
export function ReviewList({ reviews }: { reviews: Rating[] }) {
  const t = useT();
  return (
    <ul className="reviews">
      {reviews.map((review) => (
        <li key={review.id}>
          <p className="review-head">
            <Stars value={review.stars} /> <strong>{review.author}</strong> ·{' '}
            <time dateTime={review.updated_at}>{dayInLagos(review.updated_at, t.language)}</time>
          </p>
          {review.review && <p className="review-text">{review.review}</p>}
          <a className="report-link" href={reportPath(review.shop_id, review.id)} rel="nofollow">
            {t('review.report')}
          </a>
        </li>
      ))}
    </ul>
  );
}
