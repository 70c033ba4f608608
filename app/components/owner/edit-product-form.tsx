import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import { useMemo } from 'react';
import { Form } from 'react-router';
import { ChoiceField } from '#app/components/ui/choice-field.tsx';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { PhotoInput } from '#app/components/upload/photo-input.tsx';
import { UploadProgressBar } from '#app/components/upload/upload-progress.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { parseWithZod } from '#app/lib/forms/parse-with-zod.ts';
import { editProductFieldsSchema, editProductSchema, type ProductChanges, type SavedProduct } from '#app/lib/forms/product-forms.ts';
import { CONDITION_WORDS } from '#app/lib/i18n/condition-words.ts';
import { useT } from '#app/lib/i18n/words.ts';
import type { MessageKey } from '#rules/i18n/keys.ts';
import { PRODUCT_PHOTOS_MAX } from '#rules/limits.ts';
import {
  CONDITION_UNSTATED,
  PRODUCT_CONDITIONS,
  PRODUCT_FIELD_NAMES,
  PRODUCT_FIELDS,
  type ProductField,
  type ProductFieldName,
} from '#rules/product-fields.ts';
import { TextAreaField } from './shop-details-form.tsx';

const constraint = formConstraint(editProductFieldsSchema);

type FormValue = {
  name?: string;
  price?: string;
  image?: File;
  photos?: File[];
  remove_photo?: string[];
  description?: string;
  condition?: string;
  negotiable?: string;
  in_stock?: string;
};

export type EditableProduct = Omit<SavedProduct, 'photos'> & { photo: string | null; photos: { key: string; url: string }[] };

/** A price as the owner typed it: `3500`, or `850.50` when it has kobo. */
function priceText(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

/** Blank or unchanged fields are not sent (docs/product.md §5). */
export function EditProductForm({ product, lastResult }: { product: EditableProduct; lastResult?: SubmissionResult<string[]> | null }) {
  const { name, price, photos, description, condition, negotiable, in_stock } = product;
  const saved = useMemo(
    () => ({ name, price, photos, description, condition, negotiable, in_stock }),
    [name, price, photos, description, condition, negotiable, in_stock],
  );
  const t = useT();
  const [form, fields] = useForm<FormValue, ProductChanges>({
    id: 'edit-product',
    lastResult,
    defaultValue: {
      name,
      price: priceText(price),
      description: description ?? '',
      condition: condition ?? CONDITION_UNSTATED,
      negotiable: String(negotiable),
      in_stock: String(in_stock),
    },
    constraint,
    defaultNoValidate: false,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editProductSchema(saved, formData) }),
  });
  return (
    <Form method="post" encType="multipart/form-data" className="edit-product" {...getFormProps(form)}>
      <p className="field-hint">{t('editProduct.hint')}</p>
      <FormMessage form={form} />
      <Field label={t('addProducts.name')} meta={fields.name} type="text" />
      <Field label={t('addProducts.price')} meta={fields.price} type="text" inputMode="decimal" hint={t('editProduct.priceHint')} />
      {PRODUCT_FIELD_NAMES.map((field) => (
        <ProductFieldInput key={field} name={field} meta={fields[field]} />
      ))}
      <PhotoInput
        meta={fields.image}
        label={t('editProduct.newPhoto')}
        hint={t('photoInput.hint')}
        current={product.photo ? { url: product.photo, alt: t('editShop.currentPhoto', { name }) } : null}
      />
      <MorePhotos name={name} photos={photos} meta={fields.photos} removeName={fields.remove_photo.name} />
      <SubmitButton pendingLabel={t('edit.saving')}>{t('edit.save')}</SubmitButton>
      <UploadProgressBar />
    </Form>
  );
}

/** Plain inputs, so they work without JavaScript: ticked boxes send `remove_photo`, the picker sends `photos`. */
function MorePhotos({
  name,
  photos,
  meta,
  removeName,
}: {
  name: string;
  photos: EditableProduct['photos'];
  meta: FieldMetadata<File[] | undefined>;
  removeName: string;
}) {
  const room = PRODUCT_PHOTOS_MAX - 1 - photos.length;
  const t = useT();
  return (
    <fieldset className="more-photos">
      <legend>{t('editProduct.morePhotos')}</legend>
      {photos.length > 0 && (
        <ul className="more-photos-list">
          {photos.map((photo, at) => (
            <li key={photo.key}>
              <img src={photo.url} alt={t('editProduct.photoAlt', { name, at: at + 2, count: photos.length + 1 })} width={96} height={96} loading="lazy" />
              <label>
                <input type="checkbox" name={removeName} value={photo.key} /> {t('editProduct.remove')}
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={meta.id}>{t('editProduct.addPhotos')}</label>
        <small id={`${meta.id}-hint`} className="field-hint">
          {t('editProduct.photosHint', { max: PRODUCT_PHOTOS_MAX, room })}
        </small>
        <input
          key={meta.key}
          id={meta.id}
          type="file"
          name={meta.name}
          accept="image/*"
          multiple
          aria-invalid={meta.errors ? true : undefined}
          aria-describedby={`${meta.id}-hint ${meta.errorId}`}
        />
        <p id={meta.errorId} className="field-error" aria-live="polite">
          {meta.errors?.map(t.said).join(', ')}
        </p>
      </div>
    </fieldset>
  );
}

// Choices rather than a checkbox: an unticked box sends nothing, which an edit reads as "keep what is saved".
const FIELD_LABELS: { [Name in ProductFieldName]: MessageKey } = {
  description: 'editProduct.description',
  condition: 'editProduct.condition',
  negotiable: 'editProduct.negotiable',
  in_stock: 'editProduct.inStock',
};

function ProductFieldInput({ name, meta }: { name: ProductFieldName; meta: FieldMetadata<string | undefined> }) {
  const t = useT();
  const field: ProductField = PRODUCT_FIELDS[name];
  const label = t(FIELD_LABELS[name]);
  switch (field.kind) {
    case 'lines':
      return (
        <TextAreaField
          label={t('shopForm.optional', { label })}
          hint={t('editProduct.descriptionHint', { max: field.max.toLocaleString('en-NG') })}
          meta={meta as FieldMetadata<string>}
        />
      );
    case 'condition':
      return (
        <ChoiceField label={label} meta={meta}>
          <option value={CONDITION_UNSTATED}>{t('editProduct.notStated')}</option>
          {PRODUCT_CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {t(CONDITION_WORDS[condition])}
            </option>
          ))}
        </ChoiceField>
      );
    case 'flag':
      return (
        <ChoiceField label={label} meta={meta}>
          <option value="true">{t('editProduct.yes')}</option>
          <option value="false">{t('editProduct.no')}</option>
        </ChoiceField>
      );
  }
}
