import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { Form } from 'react-router';
import { FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { rateShopFormSchema } from '#app/lib/forms/rating-form.ts';
import { useT } from '#app/lib/i18n/words.ts';
import { type CurrentRating, RatingFields } from './rating-fields';

const constraint = formConstraint(rateShopFormSchema);
const chosenStars = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function RatingForm({ shopId, current, lastResult }: { shopId: string; current: CurrentRating; lastResult?: SubmissionResult<string[]> }) {
  const t = useT();
  const [form, fields] = useForm({
    id: `rate-${shopId}`,
    lastResult,
    constraint,
    defaultValue: current ? { stars: String(current.stars), review: current.review } : undefined,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rateShopFormSchema }),
  });
  const { key, id, name, ...reviewProps } = getTextareaProps(fields.review);
  return (
    <Form method="post" action={`/shop/${encodeURIComponent(shopId)}/rate`} className="rate-form" {...getFormProps(form)}>
      <FormMessage form={form} />
      <RatingFields
        formId={form.id}
        stars={fields.stars}
        chosen={chosenStars(fields.stars.initialValue)}
        review={fields.review}
        reviewProps={reviewProps}
        key={key}
      />
      <SubmitButton pendingLabel={t('rate.saving')}>{current ? t('rate.update') : t('rate.submit')}</SubmitButton>
    </Form>
  );
}
