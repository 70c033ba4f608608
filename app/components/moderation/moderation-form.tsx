import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { Form } from 'react-router';
import { FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { moderationFormSchema } from '#app/lib/forms/moderation-forms.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { actionWord } from '#app/lib/i18n/moderation-words.ts';
import { useT } from '#app/lib/i18n/words.ts';
import { MODERATION_NOTE_MAX } from '#rules/limits.ts';
import type { ModerationAction } from '#rules/moderation.ts';

const constraint = formConstraint(moderationFormSchema);

/** The actions that would change something now, and the note the audit log keeps with each. */
export function ModerationForm({ action, choices, lastResult }: { action: string; choices: ModerationAction[]; lastResult?: SubmissionResult<string[]> }) {
  const t = useT();
  const [form, fields] = useForm({
    id: 'moderate',
    lastResult,
    constraint,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: moderationFormSchema }),
  });
  const { key: noteKey, ...note } = getTextareaProps(fields.note);
  return (
    <Form method="post" action={action} className="report-form" {...getFormProps(form)}>
      <FormMessage form={form} />
      <fieldset aria-describedby={fields.action.errorId}>
        <legend>{t('moderation.action')}</legend>
        {choices.map((choice) => (
          <label key={choice} className="report-reason">
            <input type="radio" name={fields.action.name} value={choice} required defaultChecked={fields.action.initialValue === choice} />{' '}
            {actionWord(t, choice)}
          </label>
        ))}
      </fieldset>
      <p id={fields.action.errorId} className="field-error" aria-live="polite">
        {fields.action.errors?.map(t.said).join(', ')}
      </p>
      <label htmlFor={fields.note.id}>{t('moderation.note')}</label>
      <textarea key={noteKey} {...note} rows={3} maxLength={MODERATION_NOTE_MAX} />
      <p id={fields.note.errorId} className="field-error" aria-live="polite">
        {fields.note.errors?.map(t.said).join(', ')}
      </p>
      <SubmitButton pendingLabel={t('moderation.saving')}>{t('moderation.save')}</SubmitButton>
    </Form>
  );
}
