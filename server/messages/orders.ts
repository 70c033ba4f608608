import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '#rules/messages.ts';
import { priceInNaira } from '#rules/naira.ts';
import { type OrderAction, type OrderStatus, orderMove } from '#rules/order-requests.ts';
import type { orderRequestSchema } from '#rules/order-schemas.ts';
import type { Db } from '#server/db/client.ts';
import { orderLines, orderRequests, products, type ThreadSide } from '#server/db/schema.ts';
import { ApiError, detailError, notFound } from '#server/errors.ts';
import { isId } from '#server/ids.ts';
import type { ThreadRow } from './thread-json';
import { sendMessage } from './threads';

type PricedLine = { position: number; productId: string; name: string; unitPrice: number; quantity: number };

/** The lines of an order request with each product's name and price now; 400 unless all are the shop's, in stock. */
export async function pricedLines(db: Db, shopId: string, requested: z.infer<typeof orderRequestSchema>['lines']): Promise<PricedLine[]> {
  const ids = requested.map((line) => line.product_id.toLowerCase());
  const found = ids.every(isId)
    ? await db
        .select({ id: products.id, name: products.name, price: products.price, inStock: products.in_stock })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.shopId, shopId)))
    : [];
  const byId = new Map(found.map((product) => [product.id, product]));
  if (byId.size !== ids.length) throw new ApiError(400, { lines: [MSG.orderProductUnknown] });
  const soldOut = found.find((product) => !product.inStock);
  if (soldOut) throw new ApiError(400, { lines: [MSG.orderOutOfStock(soldOut.name)] });
  return requested.map((line, position) => {
    const product = byId.get(line.product_id.toLowerCase())!;
    return { position, productId: product.id, name: product.name, unitPrice: product.price, quantity: line.quantity };
  });
}

/** Sends the buyer's order request into their thread. */
export async function sendOrder(db: Db, webUrl: string, thread: ThreadRow, buyerId: string, lines: PricedLine[], note: string | undefined) {
  // Kobo are whole numbers: summed as such, the total has no floating-point crumbs.
  const total = lines.reduce((sum, line) => sum + Math.round(line.unitPrice * 100) * line.quantity, 0) / 100;
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  return sendMessage(db, webUrl, thread, 'buyer', buyerId, MSG.orderRequested(items, priceInNaira(total)), async (tx) => {
    const [order] = await tx
      .insert(orderRequests)
      .values({ threadId: thread.id, total, note: note ?? null })
      .returning({ id: orderRequests.id });
    await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: order!.id })));
    return order!.id;
  });
}

export async function orderThreadId(db: Db, id: string): Promise<string | undefined> {
  const [order] = await db.select({ threadId: orderRequests.threadId }).from(orderRequests).where(eq(orderRequests.id, id)).limit(1);
  return order?.threadId;
}

/** Moves an order of the thread by `action`, with a message saying so; 403 for the wrong side, 409 when its status forbids it. */
export async function moveOrder(
  db: Db,
  webUrl: string,
  thread: ThreadRow,
  side: ThreadSide,
  userId: string,
  orderId: string,
  action: OrderAction,
  reason?: string,
) {
  const [order] = await db
    .select({ status: orderRequests.status })
    .from(orderRequests)
    .where(and(eq(orderRequests.id, orderId), eq(orderRequests.threadId, thread.id)))
    .limit(1);
  if (!order) throw notFound();
  const move = orderMove(order.status, action, side);
  if (!move.ok && move.reason === 'wrong_side') throw detailError(403, action === 'cancel' ? MSG.orderBuyerOnly : MSG.orderShopOnly);
  const refused = (status: OrderStatus) => detailError(409, MSG.orderNotNow(MSG.orderStatusWords[status], MSG.orderActionWords[action]));
  if (!move.ok) throw refused(order.status);
  const body = move.to === 'declined' && reason ? MSG.orderDeclinedBecause(reason) : MSG.orderMoved[move.to as Exclude<OrderStatus, 'requested'>];
  return sendMessage(db, webUrl, thread, side, userId, body, async (tx) => {
    // Only from the status read above: of two answers racing, the second finds it changed and is refused.
    // The database's clock, which review labels compare with the ratings' own (decision 087).
    const [moved] = await tx
      .update(orderRequests)
      .set({ status: move.to, updatedAt: sql`now()`, ...(move.to === 'declined' ? { declineReason: reason ?? null } : {}) })
      .where(and(eq(orderRequests.id, orderId), eq(orderRequests.status, order.status)))
      .returning({ id: orderRequests.id });
    if (!moved) {
      const [now] = await tx.select({ status: orderRequests.status }).from(orderRequests).where(eq(orderRequests.id, orderId));
      throw refused(now!.status);
    }
    return moved.id;
  });
}
