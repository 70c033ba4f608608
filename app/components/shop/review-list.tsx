import { Stars } from '#app/components/shops/stars.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import { reportPath } from '#app/lib/moderation-paths.ts';
import type { Rating } from '#app/lib/provider/contract.ts';

const DAY = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' });

/** Reviews as their writers typed them (React escapes the text), newest first. */
export function ReviewList({ reviews }: { reviews: Rating[] }) {
  const t = useT();
  return (
    <ul className="reviews">
      {reviews.map((review) => (
        <li key={review.id}>
          <p className="review-head">
            <Stars value={review.stars} /> <strong>{review.author}</strong> ·{' '}
            <time dateTime={review.updated_at}>{DAY.format(new Date(review.updated_at))}</time>
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
