import type { MessageKey } from '#rules/i18n/keys.ts';
import type { OrderStatus } from '#rules/order-requests.ts';

/** How an order's state is said: the inbox and the order card name them alike. */
export const ORDER_STATUS_WORDS: { [Status in OrderStatus]: MessageKey } = {
  requested: 'orderStatus.requested',
  accepted: 'orderStatus.accepted',
  declined: 'orderStatus.declined',
  ready: 'orderStatus.ready',
  completed: 'orderStatus.completed',
  cancelled: 'orderStatus.cancelled',
};
