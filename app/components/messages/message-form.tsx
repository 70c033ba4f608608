import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form } from 'react-router';
import { FieldFrame, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { useFirstErrorFocus } from '#app/lib/forms/first-error.ts';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { messageFormSchema } from '#app/lib/forms/message-forms.ts';

const constraint = formConstraint(messageFormSchema);

/** A plain form: without JavaScript it posts and the page comes back; the text stays in the box when it is refused. */
export function MessageForm({ id, action, label, lastResult }: { id: string; action: string; label: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageFormSchema }),
  });
  const { key, ...textarea } = getTextareaProps(fields.body);
  const firstError = useFirstErrorFocus(fields.body.errors);
  return (
    <Form method="post" action={action} className="message-form" {...getFormProps(form)}>
      <FormMessage form={form} />
      <FieldFrame label={label} meta={fields.body}>
        {/* biome-ignore lint/a11y/noAutofocus: a page answering a refused form opens on its first wrong field */}
        <textarea key={key} rows={3} autoFocus={firstError} {...textarea} />
      </FieldFrame>
      <SubmitButton pendingLabel="Sending…">Send</SubmitButton>
    </Form>
  );
}
