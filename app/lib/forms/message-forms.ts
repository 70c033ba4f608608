import { z } from 'zod';
import { ORDER_LINES_MAX, ORDER_NOTE_MAX } from '#rules/limits.ts';
import { messageSchema } from '#rules/message-schemas.ts';
import { MSG } from '#rules/messages.ts';
import { ORDER_QUANTITY_MAX } from '#rules/order.ts';
import { ORDER_ACTIONS } from '#rules/order-requests.ts';
import { declineSchema } from '#rules/order-schemas.ts';
import { optionalText } from '#rules/text.ts';
import { ORDER_PAGE_PRODUCTS_MAX } from './form-limits';

export const messageFormSchema = messageSchema;

const quantityError = { error: MSG.orderQuantityRange };

/** Every listed product with a quantity, 0 for those not wanted: a plain form cannot leave rows out. */
export const orderFormSchema = z.object({
  lines: z
    .array(
      z.object({
        product_id: z.string().trim().min(1).max(64),
        quantity: z.int(quantityError).min(0, quantityError).max(ORDER_QUANTITY_MAX, quantityError).default(0),
      }),
    )
    .max(ORDER_PAGE_PRODUCTS_MAX)
    .default([])
    .transform((lines) => lines.filter((line) => line.quantity > 0))
    .refine((lines) => lines.length > 0, { error: MSG.orderLinesRequired })
    .refine((lines) => lines.length <= ORDER_LINES_MAX, { error: MSG.orderLinesTooMany }),
  note: optionalText(ORDER_NOTE_MAX),
});

/** The thread page's forms, told apart by the button's `intent`. */
export const blockFormSchema = z.object({ intent: z.enum(['block', 'unblock']) });
export const orderMoveFormSchema = declineSchema.extend({
  intent: z.literal('order'),
  order: z.string().trim().min(1).max(64),
  move: z.enum(ORDER_ACTIONS),
});
