import { asc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ORDER_STATUSES } from '#rules/order-requests.ts';
import type { Db } from '#server/db/client.ts';
import { orderLines, orderRequests } from '#server/db/schema.ts';

export const orderJsonSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES).describe('Now, not when the message was sent'),
  lines: z.array(z.object({ product_id: z.string().nullable(), name: z.string(), unit_price: z.number(), quantity: z.number() })),
  total: z.number().describe('Naira'),
  note: z.string().nullable(),
  decline_reason: z.string().nullable(),
});
export type OrderJson = z.infer<typeof orderJsonSchema>;

/** The orders of `ids` as their messages show them, by id. */
export async function ordersById(db: Db, ids: string[]): Promise<Map<string, OrderJson>> {
  if (!ids.length) return new Map();
  const orders = await db.select().from(orderRequests).where(inArray(orderRequests.id, ids));
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.orderId), asc(orderLines.position));
  return new Map(
    orders.map((order) => [
      order.id,
      {
        id: order.id,
        status: order.status,
        lines: lines
          .filter((line) => line.orderId === order.id)
          .map((line) => ({ product_id: line.productId, name: line.name, unit_price: line.unitPrice, quantity: line.quantity })),
        total: order.total,
        note: order.note,
        decline_reason: order.declineReason,
      },
    ]),
  );
}
