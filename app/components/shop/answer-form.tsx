import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { Form } from 'react-router';
import { FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { answerReviewFormSchema } from '#app/lib/forms/rating-form.ts';
import { useT } from '#app/lib/i18n/words.ts';
import { answerPath } from '#app/lib/moderation-paths.ts';
import { REVIEW_MAX } from '#rules/limits.ts';

const constraint = formConstraint(answerReviewFormSchema);

/** The owner's public answer to one review: written once, then edited in the same box. */
export function AnswerForm({
  shopId,
  ratingId,
  current,
  lastResult,
}: {
  shopId: string;
  ratingId: string;
  current: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const t = useT();
  const [form, fields] = useForm({
    id: `answer-${ratingId}`,
    lastResult,
    constraint,
    defaultValue: current ? { answer: current } : undefined,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: answerReviewFormSchema }),
  });
  const hintId = `${fields.answer.id}-hint`;
  const { key, ...answer } = getTextareaProps(fields.answer, { ariaDescribedBy: hintId });
  return (
    <Form method="post" action={answerPath(shopId, ratingId)} className="rate-form" {...getFormProps(form)}>
      <FormMessage form={form} />
      <label htmlFor={fields.answer.id}>{t('answer.label')}</label>
      <small id={hintId} className="field-hint">
        {t('answer.hint')}
      </small>
      <textarea key={key} {...answer} rows={4} maxLength={REVIEW_MAX} />
      <p id={fields.answer.errorId} className="field-error" aria-live="polite">
        {fields.answer.errors?.map(t.said).join(', ')}
      </p>
      <SubmitButton pendingLabel={t('rate.saving')}>{current ? t('answer.update') : t('answer.save')}</SubmitButton>
    </Form>
  );
}
