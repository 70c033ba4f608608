import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { Form } from 'react-router';
import { FieldFrame, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { useFirstErrorFocus } from '#app/lib/forms/first-error.ts';
import type { FormConstraint } from '#app/lib/forms/form-constraint.ts';
import { useLazyValidation } from '#app/lib/forms/lazy-validation.ts';
import { useT } from '#app/lib/i18n/words.ts';

const loadValidation = () => import('#app/lib/forms/message-validation.ts');

/**
 * A plain form: without JavaScript it posts and the page comes back; the text stays in the box when it is refused.
 * `constraint` is `formConstraint(messageFormSchema)`, worked out by the page's loader so that the page's script holds no schema.
 */
export function MessageForm({
  id,
  action,
  label,
  constraint,
  lastResult,
}: {
  id: string;
  action: string;
  label: string;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]>;
}) {
  const validation = useLazyValidation(loadValidation);
  const t = useT();
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => validation.validator().validateMessage(formData),
  });
  const { key, ...textarea } = getTextareaProps(fields.body);
  const firstError = useFirstErrorFocus(fields.body.errors);
  const { onSubmit, ...formProps } = getFormProps(form);
  return (
    <Form method="post" action={action} className="message-form" {...formProps} {...validation.formHandlers(onSubmit)}>
      <FormMessage form={form} />
      <FieldFrame label={label} meta={fields.body}>
        {/* biome-ignore lint/a11y/noAutofocus: a page answering a refused form opens on its first wrong field */}
        <textarea key={key} rows={3} autoFocus={firstError} {...textarea} />
      </FieldFrame>
      <SubmitButton pendingLabel={t('messageForm.sending')}>{t('messageForm.send')}</SubmitButton>
    </Form>
  );
}
