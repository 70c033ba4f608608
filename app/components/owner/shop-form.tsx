import { type FieldMetadata, getFormProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form } from 'react-router';
import type { z } from 'zod';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { PhotoInput } from '#app/components/upload/photo-input.tsx';
import { UploadProgressBar } from '#app/components/upload/upload-progress.tsx';
import { useFirstErrorFocus } from '#app/lib/forms/first-error.ts';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { createShopFormSchema, editShopFormSchema } from '#app/lib/forms/shop-form.ts';
import { NIGERIAN_STATES } from '#rules/states.ts';

const CONSTRAINTS = { create: formConstraint(createShopFormSchema), edit: formConstraint(editShopFormSchema) };

export type ShopFormValues = { name: string; address: string; category: string; description: string; state: string; area: string; tags: string };

type ShopFormProps = {
  mode: 'create' | 'edit';
  lastResult?: SubmissionResult<string[]> | null;
  /** Edit: the saved shop, to prefill the fields. */
  defaultValue?: ShopFormValues;
  /** Edit: the saved photo, shown until another is chosen. */
  currentPhoto?: { url: string; alt: string } | null;
};

/**
 * The create and edit shop form (SPEC §2, §5): a plain multipart form that works before JavaScript loads,
 * validated in the browser with the same schema the action uses once it has.
 */
export function ShopForm({ mode, lastResult, defaultValue, currentPhoto }: ShopFormProps) {
  const creating = mode === 'create';
  const [form, fields] = useForm<z.input<typeof editShopFormSchema>, z.output<typeof createShopFormSchema> | z.output<typeof editShopFormSchema>>({
    id: `${mode}-shop`,
    lastResult,
    defaultValue,
    constraint: CONSTRAINTS[mode],
    // The server's HTML lets the browser check `required` and lengths itself until JavaScript takes over.
    defaultNoValidate: false,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: creating ? createShopFormSchema : editShopFormSchema }),
  });
  return (
    <Form method="post" encType="multipart/form-data" className="shop-form" {...getFormProps(form)}>
      {!creating && <p className="field-hint">Change only what you want to; an empty field keeps what is saved.</p>}
      <FormMessage form={form} />
      <Field label="Shop name" meta={fields.name} type="text" autoComplete="organization" />
      <Field label="Address" meta={fields.address} type="text" autoComplete="street-address" />
      <Field label="Area or city (optional)" meta={fields.area} type="text" hint="For example: Yaba, or Wuse 2" autoComplete="address-level2" />
      <StateField meta={fields.state} />
      <Field label="Category" meta={fields.category} type="text" hint="For example: Food, Fashion, Phones, Beauty" />
      <TextAreaField label="Description" meta={fields.description} />
      <Field label="Tags (optional)" meta={fields.tags} type="text" hint="Words people might search for, separated by commas" autoCapitalize="none" />
      <PhotoInput
        meta={fields.image}
        label={creating ? 'Shop image' : 'New shop image (optional)'}
        hint="A JPEG or PNG photo of at most 5 MB"
        current={currentPhoto}
      />
      <SubmitButton pendingLabel={creating ? 'Creating shop…' : 'Saving changes…'}>{creating ? 'Create Shop' : 'Save changes'}</SubmitButton>
      <UploadProgressBar />
    </Form>
  );
}

function StateField({ meta }: { meta: FieldMetadata<string> }) {
  const { key, ...select } = getSelectProps(meta);
  const firstError = useFirstErrorFocus(meta.errors);
  return (
    <div className="field">
      <label htmlFor={meta.id}>State (optional)</label>
      {/* biome-ignore lint/a11y/noAutofocus: a page answering a refused form opens on its first wrong field */}
      <select key={key} autoFocus={firstError} {...select}>
        <option value="">Choose a state</option>
        {NIGERIAN_STATES.map((state) => (
          <option key={state}>{state}</option>
        ))}
      </select>
      <p id={meta.errorId} className="field-error" aria-live="polite">
        {meta.errors?.join(', ')}
      </p>
    </div>
  );
}

function TextAreaField({ label, meta }: { label: string; meta: FieldMetadata<string> }) {
  // Conform's props carry a `key` (it remounts the field to reset it); React wants keys passed on their own.
  const { key, ...textarea } = getTextareaProps(meta);
  const firstError = useFirstErrorFocus(meta.errors);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {/* biome-ignore lint/a11y/noAutofocus: a page answering a refused form opens on its first wrong field */}
      <textarea key={key} rows={5} autoFocus={firstError} {...textarea} />
      <p id={meta.errorId} className="field-error" aria-live="polite">
        {meta.errors?.join(', ')}
      </p>
    </div>
  );
}
