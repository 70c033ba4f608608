import { type FieldMetadata, getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form } from 'react-router';
import type { z } from 'zod';
import { ChoiceField } from '#app/components/ui/choice-field.tsx';
import { Field, FieldFrame, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { PhotoInput } from '#app/components/upload/photo-input.tsx';
import { UploadProgressBar } from '#app/components/upload/upload-progress.tsx';
import { useFirstErrorFocus } from '#app/lib/forms/first-error.ts';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { createShopFormSchema, editShopFormSchema, type ShopFormValues } from '#app/lib/forms/shop-forms.ts';
import { requiredMessage, SHOP_FIELD_NAMES, SHOP_FIELDS, type ShopField } from '#rules/shop-fields.ts';
import { NIGERIAN_STATES } from '#rules/states.ts';

const CONSTRAINTS = { create: formConstraint(createShopFormSchema), edit: formConstraint(editShopFormSchema) };

type ShopDetailsFormProps = {
  mode: 'create' | 'edit';
  lastResult?: SubmissionResult<string[]> | null;
  /** Edit: the saved shop, to prefill the fields. */
  defaultValue?: ShopFormValues;
  currentPhoto?: { url: string; alt: string } | null;
};

/** A plain multipart form that works before JavaScript loads, then checked in the browser with the action's schema. */
export function ShopDetailsForm({ mode, lastResult, defaultValue, currentPhoto }: ShopDetailsFormProps) {
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
      {!creating && (
        <p className="field-hint">
          Change only what you want to. A field marked (optional) that you empty is removed; any other empty field keeps what is saved.
        </p>
      )}
      <FormMessage form={form} />
      {SHOP_FIELD_NAMES.map((name) => (
        <ShopFieldInput key={name} field={SHOP_FIELDS[name]} meta={fields[name]} />
      ))}
      <PhotoInput
        meta={fields.image}
        label={creating ? 'Shop image' : 'New shop image (optional)'}
        hint="A JPEG or PNG photo of at most 20 MB"
        current={currentPhoto}
      />
      <SubmitButton pendingLabel={creating ? 'Creating shop…' : 'Saving changes…'}>{creating ? 'Create Shop' : 'Save changes'}</SubmitButton>
      <UploadProgressBar />
    </Form>
  );
}

function ShopFieldInput({ field, meta }: { field: ShopField; meta: FieldMetadata<string> }) {
  const label = requiredMessage(field) || meta.required ? field.label : `${field.label} (optional)`;
  switch (field.kind) {
    case 'state':
      return <StateField label={label} meta={meta} />;
    case 'lines':
      return <TextAreaField label={label} hint={field.hint} meta={meta} />;
    case 'tags':
      return <Field label={label} meta={meta} type="text" hint={field.hint} autoCapitalize="none" />;
    case 'line':
      return field.suggested ? (
        <>
          <Field label={label} meta={meta} type="text" hint={field.hint} list={`${meta.id}-choices`} autoComplete="off" />
          <datalist id={`${meta.id}-choices`}>
            {field.suggested.map((choice) => (
              <option key={choice} value={choice} />
            ))}
          </datalist>
        </>
      ) : (
        <Field label={label} meta={meta} type="text" hint={field.hint} autoComplete={field.autoComplete} />
      );
    case 'phone':
      return <Field label={label} meta={meta} type="tel" hint={field.hint} autoComplete={field.autoComplete} />;
  }
}

function StateField({ label, meta }: { label: string; meta: FieldMetadata<string> }) {
  return (
    <ChoiceField label={label} meta={meta}>
      <option value="">Choose a state</option>
      {NIGERIAN_STATES.map((state) => (
        <option key={state}>{state}</option>
      ))}
    </ChoiceField>
  );
}

export function TextAreaField({ label, hint, meta }: { label: string; hint?: string; meta: FieldMetadata<string> }) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  // Conform's props carry a `key` (it remounts the field to reset it); React wants keys passed on their own.
  const { key, ...textarea } = getTextareaProps(meta, { ariaDescribedBy: hintId });
  const firstError = useFirstErrorFocus(meta.errors);
  return (
    <FieldFrame label={label} hint={hint} hintId={hintId} meta={meta}>
      {/* biome-ignore lint/a11y/noAutofocus: a page answering a refused form opens on its first wrong field */}
      <textarea key={key} rows={5} autoFocus={firstError} {...textarea} />
    </FieldFrame>
  );
}
