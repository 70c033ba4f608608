/** An order request's life (docs/product.md §4): the shop answers it, the buyer may withdraw it until it is accepted. */
export const ORDER_STATUSES = ['requested', 'accepted', 'declined', 'ready', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTIONS = ['accept', 'decline', 'ready', 'complete', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Who may take each action, from which statuses, and where it leads. */
const TRANSITIONS: Record<OrderAction, { by: 'buyer' | 'shop'; from: readonly OrderStatus[]; to: OrderStatus }> = {
  accept: { by: 'shop', from: ['requested'], to: 'accepted' },
  decline: { by: 'shop', from: ['requested'], to: 'declined' },
  ready: { by: 'shop', from: ['accepted'], to: 'ready' },
  // A shop that delivers completes an accepted order without marking it ready first.
  complete: { by: 'shop', from: ['accepted', 'ready'], to: 'completed' },
  cancel: { by: 'buyer', from: ['requested'], to: 'cancelled' },
};

export type OrderMove = { ok: true; to: OrderStatus } | { ok: false; reason: 'wrong_side' | 'wrong_status' };

/** Whether `side` may take `action` on an order in `status`, and the status it leads to. */
export function orderMove(status: OrderStatus, action: OrderAction, side: 'buyer' | 'shop'): OrderMove {
  const transition = TRANSITIONS[action];
  if (transition.by !== side) return { ok: false, reason: 'wrong_side' };
  if (!transition.from.includes(status)) return { ok: false, reason: 'wrong_status' };
  return { ok: true, to: transition.to };
}
