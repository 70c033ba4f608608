import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES_PER_MINUTE, ORDER_LINES_MAX } from '#rules/limits.ts';
import { ORDER_ACTIONS, type OrderAction } from '#rules/order-requests.ts';
import { declineSchema, orderRequestSchema } from '#rules/order-schemas.ts';
import { notFound } from '#server/errors.ts';
import { isId } from '#server/ids.ts';
import type { QueuedAlerts } from '#server/messages/alerts.ts';
import { ordersById } from '#server/messages/order-json.ts';
import { moveOrder, orderThreadId, pricedLines, sendOrder } from '#server/messages/orders.ts';
import { messageJson, messageJsonSchema, type ThreadRow } from '#server/messages/thread-json.ts';
import { threadFor } from '#server/messages/threads.ts';
import { signedIn } from '#server/plugins/auth.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());
/** Twenty lines and a note, with room to spare; anything larger is refused unread. */
const ORDER_BODY_MAX_BYTES = 16 * 1024;
const sentSchema = z.object({ thread_id: z.string(), message: messageJsonSchema });

type Options = {
  /** Shared with the messages routes: an order request is a message, and counts as one. */
  messageLimit: (request: FastifyRequest) => Promise<void>;
  checkShop: (request: FastifyRequest, shopId: string) => Promise<void>;
  threadWithShop: (request: FastifyRequest, shopId: string) => Promise<ThreadRow>;
  alertsQueued: (sent: { alerts: QueuedAlerts }) => void;
};

const isAction = (value: string): value is OrderAction => (ORDER_ACTIONS as readonly string[]).includes(value);

/** Order requests (docs/product.md §4): sent into the buyer's thread with the shop, answered there. */
export const orderRoutes: FastifyPluginAsync<Options> = async (base, { messageLimit, checkShop, threadWithShop, alertsQueued }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  async function withOrder(message: Awaited<ReturnType<typeof sendOrder>>, viewer: 'buyer' | 'shop', from: 'buyer' | 'shop') {
    const orders = await ordersById(app.db, [message.orderId!]);
    return messageJson(message, from, viewer, orders.get(message.orderId!) ?? null);
  }

  app.post(
    '/shops/:shop_id/orders',
    {
      onRequest: app.authenticate,
      preHandler: messageLimit,
      bodyLimit: ORDER_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['messages'],
        summary: `Send an order request to a shop (ext): up to ${ORDER_LINES_MAX} of its products with quantities and a note, into the caller's thread with it; each line keeps the product's name and price now. No money moves. Counts as a message (${MESSAGES_PER_MINUTE} a minute)`,
        security: [{ bearer: [] }],
        params: z.object({ shop_id: z.string() }),
        body: orderRequestSchema,
        response: { 201: sentSchema, 400: fieldErrors, 401: detail, 403: detail, 404: detail, 413: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const shopId = request.params.shop_id;
      await checkShop(request, shopId);
      // Priced before the thread opens: a refused request leaves no empty thread behind.
      const lines = await pricedLines(app.db, shopId, request.body.lines);
      const thread = await threadWithShop(request, shopId);
      const message = await sendOrder(app.db, app.config.webUrl, thread, user.id, lines, request.body.note);
      alertsQueued(message);
      return reply.code(201).send({ thread_id: thread.id, message: await withOrder(message, 'buyer', 'buyer') });
    },
  );

  app.post(
    '/orders/:id/:action',
    {
      onRequest: app.authenticate,
      preHandler: messageLimit,
      bodyLimit: ORDER_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['messages'],
        summary:
          'Answer an order request (ext): the shop may `accept`, `decline` (with an optional `reason`), mark it `ready` and `complete` it; the buyer may `cancel` it until it is accepted. The answer is a message in the thread; 403 for the other side, 409 when the status forbids it, 404 to anyone but the two sides',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string(), action: z.string().describe(ORDER_ACTIONS.join(', ')) }),
        body: declineSchema.nullish().describe('`{reason}` when declining; nothing otherwise'),
        response: { 201: sentSchema, 400: fieldErrors, 401: detail, 403: detail, 404: detail, 409: detail, 413: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { id, action } = request.params;
      // The same 404 for an order that does not exist and for one in someone else's thread.
      if (!isId(id) || !isAction(action)) throw notFound();
      const threadId = await orderThreadId(app.db, id);
      if (!threadId) throw notFound();
      const { thread, side } = await threadFor(app.db, threadId, user.id);
      const message = await moveOrder(app.db, app.config.webUrl, thread, side, user.id, id, action, request.body?.reason);
      alertsQueued(message);
      return reply.code(201).send({ thread_id: thread.id, message: await withOrder(message, side, side) });
    },
  );
};
