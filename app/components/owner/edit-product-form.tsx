import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useMemo } from 'react';
import { Form } from 'react-router';
import { Field, FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { PhotoInput } from '#app/components/upload/photo-input.tsx';
import { UploadProgressBar } from '#app/components/upload/upload-progress.tsx';
import { formConstraint } from '#app/lib/forms/form-constraint.ts';
import { editProductSchema, type ProductChanges } from '#app/lib/forms/product-forms.ts';
import { productChangesSchema } from '#rules/product-schemas.ts';

const constraint = formConstraint(productChangesSchema);

type FormValue = { name?: string; price?: string; image?: File };

export type EditableProduct = { name: string; price: number; photo: string | null };

/** A price as the owner typed it: `3500`, or `850.50` when it has kobo. */
function priceText(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

/** Blank or unchanged fields are not sent (docs/product.md §5). */
export function EditProductForm({ product, lastResult }: { product: EditableProduct; lastResult?: SubmissionResult<string[]> | null }) {
  const { name, price } = product;
  const schema = useMemo(() => editProductSchema({ name, price }), [name, price]);
  const [form, fields] = useForm<FormValue, ProductChanges>({
    id: 'edit-product',
    lastResult,
    defaultValue: { name, price: priceText(price) },
    constraint,
    defaultNoValidate: false,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" encType="multipart/form-data" className="edit-product" {...getFormProps(form)}>
      <p className="field-hint">Change only what you want to; an empty field keeps what is saved.</p>
      <FormMessage form={form} />
      <Field label="Name" meta={fields.name} type="text" />
      <Field label="Price (₦)" meta={fields.price} type="text" inputMode="decimal" hint="Up to 2 decimals, for example 10.99" />
      <PhotoInput
        meta={fields.image}
        label="New photo (optional)"
        hint="A JPEG or PNG photo of at most 5 MB"
        current={product.photo ? { url: product.photo, alt: `The photo of ${name} now` } : null}
      />
      <SubmitButton pendingLabel="Saving changes…">Save changes</SubmitButton>
      <UploadProgressBar />
    </Form>
  );
}
