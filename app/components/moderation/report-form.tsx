import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { Form } from 'react-router';
import { FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { reportFormSchema } from '#app/lib/forms/moderation-forms.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { REASON_WORDS } from '#app/lib/i18n/moderation-words.ts';
import { useT } from '#app/lib/i18n/words.ts';
import { REPORT_DETAILS_MAX } from '#rules/limits.ts';
import { REPORT_REASONS } from '#rules/moderation.ts';

const constraint = formConstraint(reportFormSchema);

/** A reason and, for "Other" (else optional), what is wrong; posted to the page it is on. */
export function ReportForm({ action, lastResult }: { action: string; lastResult?: SubmissionResult<string[]> }) {
  const t = useT();
  const [form, fields] = useForm({
    id: 'report',
    lastResult,
    constraint,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportFormSchema }),
  });
  const { key: detailsKey, ...details } = getTextareaProps(fields.details);
  return (
    <Form method="post" action={action} className="report-form" {...getFormProps(form)}>
      <FormMessage form={form} />
      <fieldset aria-describedby={fields.reason.errorId}>
        <legend>{t('report.whatIsWrong')}</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className="report-reason">
            <input type="radio" name={fields.reason.name} value={reason} required defaultChecked={fields.reason.initialValue === reason} />{' '}
            {t(REASON_WORDS[reason])}
          </label>
        ))}
      </fieldset>
      <p id={fields.reason.errorId} className="field-error" aria-live="polite">
        {fields.reason.errors?.map(t.said).join(', ')}
      </p>
      <label htmlFor={fields.details.id}>{t('report.details')}</label>
      <textarea key={detailsKey} {...details} required={false} rows={4} maxLength={REPORT_DETAILS_MAX} />
      <p id={fields.details.errorId} className="field-error" aria-live="polite">
        {fields.details.errors?.map(t.said).join(', ')}
      </p>
      <SubmitButton pendingLabel={t('report.sending')}>{t('report.send')}</SubmitButton>
    </Form>
  );
}
