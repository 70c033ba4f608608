import { type FieldMetadata, getFieldsetProps, getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import type { ButtonHTMLAttributes } from 'react';
import { Form } from 'react-router';
import type { z } from 'zod';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { PhotoInput } from '#app/components/upload/photo-input.tsx';
import { UploadProgressBar } from '#app/components/upload/upload-progress.tsx';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { addProductsSchema, STARTING_ROWS } from '#app/lib/forms/product-forms.ts';
import { useHydrated } from '#app/lib/hydrated.ts';
import { useT } from '#app/lib/i18n/words.ts';
import { PRODUCTS_PER_BATCH_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';

type FormValue = z.input<typeof addProductsSchema>;
type Batch = z.output<typeof addProductsSchema>;
type RowMeta = FieldMetadata<NonNullable<FormValue['products']>[number]>;

/**
 * Without JavaScript, adding or removing a row posts the form and the server answers keeping what was
 * typed; `chosenBefore` names the photo each row held, which the browser has let go of.
 */
export function AddProductsForm({
  lastResult,
  chosenBefore,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  chosenBefore?: readonly (string | null)[] | null;
}) {
  const hydrated = useHydrated();
  const t = useT();
  const [form, fields] = useForm<FormValue, Batch>({
    id: 'add-products',
    lastResult,
    defaultValue: { products: Array.from({ length: STARTING_ROWS }, () => ({})) },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addProductsSchema }),
  });
  const rows = fields.products.getFieldList();
  return (
    <Form method="post" encType="multipart/form-data" className="add-products" {...getFormProps(form)}>
      {/* Enter in a field presses a form's first submit button: this one, not a row's Remove. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {t('addProducts.button')}
      </button>
      <FormMessage form={form} />
      {!hydrated && <p className="field-hint">{t('addProducts.emptyRows')}</p>}
      {rows.map((row, index) => (
        <ProductRow
          // Conform has no key for rows that came back from a post without JavaScript; the row's position names it then.
          key={row.key ?? row.id}
          meta={row}
          number={index + 1}
          chosenBefore={chosenBefore?.[index] ?? null}
          remove={rows.length > 1 ? form.remove.getButtonProps({ name: fields.products.name, index }) : undefined}
        />
      ))}
      {rows.length < PRODUCTS_PER_BATCH_MAX && (
        <button type="submit" className="secondary" {...form.insert.getButtonProps({ name: fields.products.name, defaultValue: {} })}>
          {t('addProducts.another')}
        </button>
      )}
      <SubmitButton pendingLabel={t('addProducts.pending')}>{t('addProducts.button')}</SubmitButton>
      <UploadProgressBar />
    </Form>
  );
}

function ProductRow({
  meta,
  number,
  chosenBefore,
  remove,
}: {
  meta: RowMeta;
  number: number;
  chosenBefore: string | null;
  remove?: ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  const row = meta.getFieldset();
  // A refused photo has its own message; a good one only has to be chosen again.
  const chooseAgain = chosenBefore !== null && !row.image.errors?.length;
  const t = useT();
  return (
    <fieldset className="product-row" {...getFieldsetProps(meta)}>
      <legend>{t('addProducts.row', { number })}</legend>
      <Field label={t('addProducts.name')} meta={row.name} type="text" />
      <Field label={t('addProducts.price')} meta={row.price} type="text" inputMode="decimal" hint={t('addProducts.priceHint')} />
      <PhotoInput meta={row.image} label={t('addProducts.photo')} hint={chooseAgain ? t.said(MSG.choosePhotoAgain(chosenBefore)) : t('photoInput.hint')} />
      {remove && (
        <button type="submit" className="secondary remove-row" {...remove}>
          {t('addProducts.remove', { number })}
        </button>
      )}
    </fieldset>
  );
}
