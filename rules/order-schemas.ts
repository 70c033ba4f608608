import { z } from 'zod';
import { ORDER_LINES_MAX, ORDER_NOTE_MAX } from './limits';
import { MSG } from './messages';
import { ORDER_QUANTITY_MAX } from './order';
import { optionalText } from './text';

const quantityError = { error: MSG.orderQuantityRange };

/** An order request as the shop page sends it: products of one shop with their quantities, and a note. */
export const orderRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        product_id: z.string({ error: MSG.orderProductUnknown }),
        quantity: z.int(quantityError).min(1, quantityError).max(ORDER_QUANTITY_MAX, quantityError),
      }),
      { error: MSG.orderLinesRequired },
    )
    .min(1, { error: MSG.orderLinesRequired })
    .max(ORDER_LINES_MAX, { error: MSG.orderLinesTooMany })
    .refine((lines) => new Set(lines.map((line) => line.product_id.toLowerCase())).size === lines.length, { error: MSG.orderProductTwice }),
  note: optionalText(ORDER_NOTE_MAX),
});

/** The shop's optional reason when it declines. */
export const declineSchema = z.object({ reason: optionalText(ORDER_NOTE_MAX) });
