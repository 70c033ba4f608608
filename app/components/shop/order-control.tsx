import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { useHydrated } from '#app/lib/hydrated.ts';
import { useT } from '#app/lib/i18n/words.ts';
import type { Product } from '#app/lib/provider/contract.ts';
import { ORDER_QUANTITY_MAX, orderQuantity } from '#rules/order.ts';

/**
 * Confirm opens the shop's order request page with this product and quantity chosen (a GET, so it works
 * without JavaScript); nothing is sent until the buyer sends the request there.
 * The quantity is uncontrolled so hydration does not reset a number typed before the scripts arrived.
 */
export function OrderControl({ product, shopId }: { product: Product; shopId: string }) {
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);
  const [quantity, setQuantity] = useState(1);
  const inputId = `qty-${product.id}`;
  const t = useT();

  function showQuantity(next: number) {
    if (field.current && field.current.value !== String(next)) field.current.value = String(next);
    setQuantity(next);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration, for a number typed before it
  useEffect(() => {
    if (field.current) showQuantity(orderQuantity(field.current.value));
  }, []);

  function resetWhenClosed(event: SyntheticEvent<HTMLDetailsElement>) {
    if (!event.currentTarget.open) showQuantity(1);
  }

  return (
    <div className="order">
      <details className="order-toggle" onToggle={resetWhenClosed}>
        <summary className="button">
          <span className="when-closed">{t('order.open')}</span>
          <span className="when-open">{t('order.cancel')}</span>
        </summary>
        <Form method="get" action={`/shop/${encodeURIComponent(shopId)}/order`} className="order-form">
          <input type="hidden" name="product" value={product.id} />
          <label htmlFor={inputId}>{t('order.quantity')}</label>
          <div className="stepper">
            {hydrated && (
              <button
                type="button"
                className="secondary"
                aria-label={t('order.decrease')}
                disabled={quantity <= 1}
                onClick={() => showQuantity(orderQuantity(quantity - 1))}
              >
                −
              </button>
            )}
            <input
              id={inputId}
              name="qty"
              type="number"
              inputMode="numeric"
              min={1}
              max={ORDER_QUANTITY_MAX}
              step={1}
              required
              ref={field}
              defaultValue={1}
              onChange={(event) => showQuantity(orderQuantity(event.currentTarget.value))}
            />
            {hydrated && (
              <button
                type="button"
                className="secondary"
                aria-label={t('order.increase')}
                disabled={quantity >= ORDER_QUANTITY_MAX}
                onClick={() => showQuantity(orderQuantity(quantity + 1))}
              >
                +
              </button>
            )}
          </div>
          <button type="submit">{t('order.confirm')}</button>
        </Form>
      </details>
    </div>
  );
}
