import { Fragment, type TextareaHTMLAttributes } from 'react';
import { StarIcon } from '#app/components/icons.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import { REVIEW_MAX } from '#rules/limits.ts';

const STARS = [1, 2, 3, 4, 5] as const;

export type CurrentRating = { stars: number; review: string } | null;

type Field = { id: string; name: string; errorId: string; errors?: string[] };

/** The five stars and the review box, shared by the shop page's light form and the rate page's checked one. */
export function RatingFields({
  formId,
  stars,
  chosen,
  review,
  reviewProps,
}: {
  formId: string;
  stars: Field;
  chosen: string | undefined;
  review: Field;
  reviewProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const t = useT();
  return (
    <>
      <fieldset className="rate-stars" aria-describedby={stars.errorId}>
        <legend>{t('rate.yours')}</legend>
        {STARS.map((count) => {
          const id = `${formId}-${count}`;
          return (
            <Fragment key={count}>
              <input id={id} type="radio" name={stars.name} value={count} required defaultChecked={chosen === String(count)} className="visually-hidden" />
              <label htmlFor={id}>
                <StarIcon />
                <span className="visually-hidden">{t('ratings.stars', { stars: count })}</span>
              </label>
            </Fragment>
          );
        })}
      </fieldset>
      <p id={stars.errorId} className="field-error" aria-live="polite">
        {stars.errors?.map(t.said).join(', ')}
      </p>
      <label htmlFor={review.id}>{t('rate.review')}</label>
      <textarea {...reviewProps} id={review.id} name={review.name} rows={3} maxLength={REVIEW_MAX} />
      <p id={review.errorId} className="field-error" aria-live="polite">
        {review.errors?.map(t.said).join(', ')}
      </p>
    </>
  );
}
