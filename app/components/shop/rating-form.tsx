import { type SubmissionResult, getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Fragment } from 'react';
import { Form } from 'react-router';
import { formConstraint } from '../../lib/forms/form-constraint';
import { rateShopFormSchema } from '../../lib/forms/rating-form';
import { REVIEW_MAX } from '../../lib/rules/limits';
import { StarIcon } from '../icons';
import { FormMessage } from '../ui/field';
import { SubmitButton } from '../ui/submit-button';

const STARS = [1, 2, 3, 4, 5] as const;
const constraint = formConstraint(rateShopFormSchema);

export type CurrentRating = { stars: number; review: string } | null;

/**
 * 1 to 5 stars and an optional review, posted to the shop's rate page, which saves it and goes back to
 * the shop; the same form shows there with its messages when something was wrong.
 */
export function RatingForm({ shopId, current, lastResult }: { shopId: string; current: CurrentRating; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: `rate-${shopId}`,
    lastResult,
    constraint,
    defaultValue: current ? { stars: String(current.stars), review: current.review } : undefined,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rateShopFormSchema }),
  });
  const { key: reviewKey, ...review } = getTextareaProps(fields.review);
  const chosen = fields.stars.initialValue;
  return (
    <Form method="post" action={`/shop/${encodeURIComponent(shopId)}/rate`} className="rate-form" {...getFormProps(form)}>
      <FormMessage form={form} />
      <fieldset className="rate-stars" aria-describedby={fields.stars.errorId}>
        <legend>Your rating</legend>
        {STARS.map((stars) => {
          const id = `${form.id}-${stars}`;
          return (
            <Fragment key={stars}>
              <input
                id={id}
                type="radio"
                name={fields.stars.name}
                value={stars}
                required
                defaultChecked={chosen === String(stars)}
                className="visually-hidden"
              />
              <label htmlFor={id}>
                <StarIcon />
                <span className="visually-hidden">{stars === 1 ? '1 star' : `${stars} stars`}</span>
              </label>
            </Fragment>
          );
        })}
      </fieldset>
      <p id={fields.stars.errorId} className="field-error" aria-live="polite">
        {fields.stars.errors?.join(', ')}
      </p>
      <label htmlFor={fields.review.id}>Your review (optional)</label>
      <textarea key={reviewKey} {...review} rows={3} maxLength={REVIEW_MAX} />
      <p id={fields.review.errorId} className="field-error" aria-live="polite">
        {fields.review.errors?.join(', ')}
      </p>
      <SubmitButton pendingLabel="Saving…">{current ? 'Update rating' : 'Submit rating'}</SubmitButton>
    </Form>
  );
}
