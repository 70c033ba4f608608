import { type FieldMetadata, getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { Form } from 'react-router';
import type { z } from 'zod';
import { ChoiceField } from '#app/components/ui/choice-field.tsx';
import { Field, FieldFrame, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { PhotoInput } from '#app/components/upload/photo-input.tsx';
import { UploadProgressBar } from '#app/components/upload/upload-progress.tsx';
import { useFirstErrorFocus } from '#app/lib/forms/first-error.ts';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { createShopFormSchema, editShopFormSchema, type ShopFormValues } from '#app/lib/forms/shop-forms.ts';
import { useT } from '#app/lib/i18n/words.ts';
import type { MessageKey } from '#rules/i18n/keys.ts';
import { requiredMessage, SHOP_FIELD_NAMES, SHOP_FIELDS, type ShopField, type ShopFieldName } from '#rules/shop-fields.ts';
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
  const t = useT();
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
      {!creating && <p className="field-hint">{t('shopForm.editHint')}</p>}
      <FormMessage form={form} />
      {SHOP_FIELD_NAMES.map((name) => (
        <ShopFieldInput key={name} name={name} meta={fields[name]} />
      ))}
      <PhotoInput meta={fields.image} label={creating ? t('shopForm.image') : t('shopForm.newImage')} hint={t('photoInput.hint')} current={currentPhoto} />
      <SubmitButton pendingLabel={creating ? t('shopForm.creating') : t('edit.saving')}>{creating ? t('shopForm.create') : t('edit.save')}</SubmitButton>
      <UploadProgressBar />
    </Form>
  );
}

/** Each field's label and hint in the catalogs (their English is SHOP_FIELDS'). */
const FIELD_WORDS: { [Name in ShopFieldName]: { label: MessageKey; hint?: MessageKey } } = {
  name: { label: 'shopForm.name' },
  address: { label: 'shopForm.address' },
  area: { label: 'shopForm.area', hint: 'shopForm.areaHint' },
  state: { label: 'shopForm.state' },
  phone: { label: 'shopForm.phone', hint: 'shopForm.phoneHint' },
  whatsapp: { label: 'shopForm.whatsapp', hint: 'shopForm.whatsappHint' },
  category: { label: 'shopForm.category', hint: 'shopForm.categoryHint' },
  description: { label: 'shopForm.description' },
  tags: { label: 'shopForm.tags', hint: 'shopForm.tagsHint' },
};

function ShopFieldInput({ name, meta }: { name: ShopFieldName; meta: FieldMetadata<string> }) {
  const t = useT();
  const field: ShopField = SHOP_FIELDS[name];
  const words = FIELD_WORDS[name];
  const named = t(words.label);
  const label = requiredMessage(field) || meta.required ? named : t('shopForm.optional', { label: named });
  const hint = words.hint && t(words.hint);
  switch (field.kind) {
    case 'state':
      return <StateField label={label} meta={meta} />;
    case 'lines':
      return <TextAreaField label={label} hint={hint} meta={meta} />;
    case 'tags':
      return <Field label={label} meta={meta} type="text" hint={hint} autoCapitalize="none" />;
    case 'line':
      return field.suggested ? (
        <>
          <Field label={label} meta={meta} type="text" hint={hint} list={`${meta.id}-choices`} autoComplete="off" />
          <datalist id={`${meta.id}-choices`}>
            {field.suggested.map((choice) => (
              <option key={choice} value={choice} />
            ))}
          </datalist>
        </>
      ) : (
        <Field label={label} meta={meta} type="text" hint={hint} autoComplete={field.autoComplete} />
      );
    case 'phone':
      return <Field label={label} meta={meta} type="tel" hint={hint} autoComplete={field.autoComplete} />;
  }
}

function StateField({ label, meta }: { label: string; meta: FieldMetadata<string> }) {
  const t = useT();
  return (
    <ChoiceField label={label} meta={meta}>
      <option value="">{t('shopForm.chooseState')}</option>
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
