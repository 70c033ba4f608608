import { INTENT } from '@conform-to/dom';
import { FormProvider, getFieldsetProps, getFormProps, parse, type SubmissionResult, useField, useForm } from '@conform-to/react';
import { memo, useRef } from 'react';
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
type RowValue = NonNullable<FormValue['products']>[number];

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
  const errorsShown = useRef(false);
  const [form, fields] = useForm<FormValue, Batch>({
    id: 'add-products',
    lastResult,
    defaultValue: { products: Array.from({ length: STARTING_ROWS }, () => ({})) },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    // A row added or removed while no error shows brings none: the batch is checked as a field is left or it is sent.
    onValidate: ({ formData }) =>
      !errorsShown.current && changesRows(formData)
        ? parse<Batch, string[]>(formData, { resolve: () => ({ error: {} }) })
        : parseWithZod(formData, { schema: addProductsSchema }),
  });
  errorsShown.current = Object.keys(form.allErrors).length > 0;
  const rows = fields.products.getFieldList();
  return (
    <FormProvider context={form.context}>
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
            name={row.name}
            listName={fields.products.name}
            index={index}
            chosenBefore={chosenBefore?.[index] ?? null}
            removable={rows.length > 1}
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
    </FormProvider>
  );
}

/** Whether the form was sent by Conform's button that adds or removes a row. */
function changesRows(formData: FormData): boolean {
  const intent = formData.get(INTENT);
  if (typeof intent !== 'string') return false;
  const { type } = JSON.parse(intent) as { type?: unknown };
  return type === 'insert' || type === 'remove';
}

/** Its own field's state, and props that stay the same: adding a row renders that row alone. */
const ProductRow = memo(function ProductRow({
  name,
  listName,
  index,
  chosenBefore,
  removable,
}: {
  name: string;
  listName: string;
  index: number;
  chosenBefore: string | null;
  removable: boolean;
}) {
  const [meta, form] = useField<RowValue>(name);
  const row = meta.getFieldset();
  // A refused photo has its own message; a good one only has to be chosen again.
  const chooseAgain = chosenBefore !== null && !row.image.errors?.length;
  const t = useT();
  const number = index + 1;
  return (
    <fieldset className="product-row" {...getFieldsetProps(meta)}>
      <legend>{t('addProducts.row', { number })}</legend>
      <Field label={t('addProducts.name')} meta={row.name} type="text" />
      <Field label={t('addProducts.price')} meta={row.price} type="text" inputMode="decimal" hint={t('addProducts.priceHint')} />
      <PhotoInput meta={row.image} label={t('addProducts.photo')} hint={chooseAgain ? t.said(MSG.choosePhotoAgain(chosenBefore)) : t('photoInput.hint')} />
      {removable && (
        <button type="submit" className="secondary remove-row" {...form.remove.getButtonProps({ name: listName, index })}>
          {t('addProducts.remove', { number })}
        </button>
      )}
    </fieldset>
  );
});
