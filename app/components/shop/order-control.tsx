import { type FormEvent, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { useHydrated } from '#app/lib/hydrated.ts';
import type { Product } from '#app/lib/provider/contract.ts';
import { MSG } from '#rules/messages.ts';
import { ORDER_QUANTITY_MAX, orderQuantity } from '#rules/order.ts';

/**
 * The order is only noted, never sent: without JavaScript a GET to this page that reads it back from the URL.
 * The quantity is uncontrolled so hydration does not reset a number typed before the scripts arrived.
 */
export function OrderControl({ product, notedFromUrl }: { product: Product; notedFromUrl: number | null }) {
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [quantity, setQuantity] = useState(1);
  const [noted, setNoted] = useState(notedFromUrl);
  const inputId = `qty-${product.id}`;

  function showQuantity(next: number) {
    if (field.current && field.current.value !== String(next)) field.current.value = String(next);
    setQuantity(next);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration, for a number typed before it
  useEffect(() => {
    if (field.current) showQuantity(orderQuantity(field.current.value));
  }, []);

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNoted(quantity);
    if (details.current) details.current.open = false;
  }

  function resetWhenClosed(event: SyntheticEvent<HTMLDetailsElement>) {
    if (!event.currentTarget.open) showQuantity(1);
  }

  return (
    <div className="order">
      <details ref={details} className="order-toggle" onToggle={resetWhenClosed}>
        <summary className="button">
          <span className="when-closed">Order</span>
          <span className="when-open">Cancel</span>
        </summary>
        <form method="get" action={`#product-${product.id}`} className="order-form" onSubmit={confirm}>
          <input type="hidden" name="order" value={product.id} />
          <label htmlFor={inputId}>Quantity</label>
          <div className="stepper">
            {hydrated && (
              <button
                type="button"
                className="secondary"
                aria-label="Decrease quantity"
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
                aria-label="Increase quantity"
                disabled={quantity >= ORDER_QUANTITY_MAX}
                onClick={() => showQuantity(orderQuantity(quantity + 1))}
              >
                +
              </button>
            )}
          </div>
          <button type="submit">Confirm</button>
        </form>
      </details>
      <p className="order-noted" role="status">
        {noted !== null && MSG.orderNoted(noted, product.name)}
      </p>
    </div>
  );
}
