import { type FormEvent, useState } from 'react';
import { Form } from 'react-router';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import { type CurrentRating, RatingFields } from './rating-fields';

/** Leaves the schema to the rate page it posts to, which shows what is wrong; only a missing star is caught here. */
export function OverlayRatingForm({ shopId, current }: { shopId: string; current: CurrentRating }) {
  const formId = `rate-${shopId}`;
  const [starsErrors, setStarsErrors] = useState<string[]>();
  const t = useT();

  function requireStars(event: FormEvent<HTMLFormElement>) {
    const chosen = event.currentTarget.querySelector<HTMLInputElement>('input[name="stars"]:checked');
    if (chosen) return;
    event.preventDefault();
    setStarsErrors([t('rate.starsRequired')]);
    event.currentTarget.querySelector<HTMLInputElement>('input[name="stars"]')?.focus();
  }

  return (
    <Form method="post" action={`/shop/${encodeURIComponent(shopId)}/rate`} id={formId} className="rate-form" noValidate onSubmit={requireStars}>
      <RatingFields
        formId={formId}
        stars={{ id: `${formId}-stars`, name: 'stars', errorId: `${formId}-stars-error`, errors: starsErrors }}
        chosen={current ? String(current.stars) : undefined}
        review={{ id: `${formId}-review`, name: 'review', errorId: `${formId}-review-error` }}
        reviewProps={{ defaultValue: current?.review }}
      />
      <SubmitButton pendingLabel={t('rate.saving')}>{current ? t('rate.update') : t('rate.submit')}</SubmitButton>
    </Form>
  );
}
