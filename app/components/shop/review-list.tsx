import { Link } from 'react-router';
import { Stars } from '#app/components/shops/stars.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import { answerPath, reportPath } from '#app/lib/moderation-paths.ts';
import type { Rating } from '#app/lib/provider/contract.ts';
import { dayInLagos } from '#rules/dates.ts';

/**
 * Reviews as their writers typed them (React escapes the text), newest first, each with where it comes
 * from and the shop's answer. `answerable`: the shop's owner reads them, and may answer each.
 */
export function ReviewList({ reviews, answerable = false }: { reviews: Rating[]; answerable?: boolean }) {
  const t = useT();
  return (
    <ul className="reviews">
      {reviews.map((review) => (
        <li key={review.id} id={`review-${review.id}`}>
          <p className="review-head">
            <Stars value={review.stars} /> <strong>{review.author}</strong> ·{' '}
            <time dateTime={review.updated_at}>{dayInLagos(review.updated_at, t.language)}</time>
          </p>
          {review.label && <p className="review-label">✓ {t(review.label === 'ordered' ? 'review.ordered' : 'review.talked')}</p>}
          {review.review && <p className="review-text">{review.review}</p>}
          <a className="report-link" href={reportPath(review.shop_id, review.id)} rel="nofollow">
            {t('review.report')}
          </a>
          {review.answer && (
            <div className="review-answer">
              <p className="review-head">
                <strong>{t('review.shopAnswer')}</strong> · <time dateTime={review.answer.updated_at}>{dayInLagos(review.answer.updated_at, t.language)}</time>
              </p>
              <p className="review-text">{review.answer.body}</p>
              <a className="report-link" href={reportPath(review.shop_id, review.id, true)} rel="nofollow">
                {t('review.reportAnswer')}
              </a>
            </div>
          )}
          {answerable && (
            <p>
              <Link to={answerPath(review.shop_id, review.id)}>{review.answer ? t('review.editAnswer') : t('review.answer')}</Link>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
