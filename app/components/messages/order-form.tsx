import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { Form } from 'react-router';
import { FormMessage } from '#app/components/ui/field.tsx';
import { SubmitButton } from '#app/components/ui/submit-button.tsx';
import { useLazyValidation } from '#app/lib/forms/lazy-validation.ts';
import { useT } from '#app/lib/i18n/words.ts';
import type { Product } from '#app/lib/provider/contract.ts';
import { ORDER_NOTE_MAX } from '#rules/limits.ts';
import { priceInNaira } from '#rules/naira.ts';
import { ORDER_QUANTITY_MAX } from '#rules/order.ts';

const loadValidation = () => import('#app/lib/forms/message-validation.ts');

/** What a row shows: the page carries no more of each product than this. */
export type OrderableProduct = Pick<Product, 'id' | 'name' | 'price'>;

type Props = { action: string; products: OrderableProduct[]; chosen: { productId: string; quantity: number } | null; lastResult?: SubmissionResult<string[]> };

/** Every product with a quantity box (0 for none): a plain form, so it works before JavaScript loads. */
export function OrderForm({ action, products, chosen, lastResult }: Props) {
  const validation = useLazyValidation(loadValidation);
  const [form, fields] = useForm({
    id: 'order-request',
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: {
      lines: products.map((product) => ({ product_id: product.id, quantity: product.id === chosen?.productId ? String(chosen.quantity) : '0' })),
    },
    onValidate: ({ formData }) => validation.validator().validateOrder(formData),
  });
  const lines = fields.lines.getFieldList();
  const t = useT();
  const { key: noteKey, ...note } = getTextareaProps(fields.note);
  const { onSubmit, ...formProps } = getFormProps(form);
  return (
    <Form method="post" action={action} className="order-request" {...formProps} {...validation.formHandlers(onSubmit)}>
      <FormMessage form={form} />
      <fieldset aria-describedby={fields.lines.errorId}>
        <legend>{t('orderForm.howMany')}</legend>
        <p id={fields.lines.errorId} className="field-error" aria-live="polite">
          {fields.lines.errors?.map(t.said).join(', ')}
        </p>
        {lines.map((line, index) => {
          const row = line.getFieldset();
          const product = products[index];
          if (!product) return null;
          const { key, ...quantity } = getInputProps(row.quantity, { type: 'number' });
          const { key: idKey, ...productId } = getInputProps(row.product_id, { type: 'hidden' });
          return (
            <div className="order-line" key={product.id}>
              <input key={idKey} {...productId} />
              <label htmlFor={row.quantity.id}>
                {product.name} <span className="order-price">{priceInNaira(product.price)}</span>
              </label>
              <input key={key} {...quantity} min={0} max={ORDER_QUANTITY_MAX} step={1} inputMode="numeric" />
              {row.quantity.errors && <p className="field-error">{row.quantity.errors.map(t.said).join(', ')}</p>}
            </div>
          );
        })}
      </fieldset>
      <div className="field">
        <label htmlFor={fields.note.id}>{t('orderForm.note')}</label>
        <textarea key={noteKey} {...note} rows={2} maxLength={ORDER_NOTE_MAX} />
        <p id={fields.note.errorId} className="field-error" aria-live="polite">
          {fields.note.errors?.map(t.said).join(', ')}
        </p>
      </div>
      <p className="order-no-payment">{t('orderCard.noPayment')}</p>
      <SubmitButton pendingLabel={t('messageForm.sending')}>{t('orderForm.send')}</SubmitButton>
    </Form>
  );
}
