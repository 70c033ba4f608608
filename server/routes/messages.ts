import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INBOX_PAGE_SIZE, MESSAGE_MAX, MESSAGES_PER_MINUTE, NEW_THREADS_PER_HOUR, PAGE_SIZE_MAX, THREAD_PAGE_SIZE } from '#rules/limits.ts';
import { messageSchema } from '#rules/message-schemas.ts';
import { MSG } from '#rules/messages.ts';
import { ORDER_STATUSES } from '#rules/order-requests.ts';
import { textBodyLimit } from '#server/body-limits.ts';
import { detailError } from '#server/errors.ts';
import type { QueuedAlerts } from '#server/messages/alerts.ts';
import { ordersById } from '#server/messages/order-json.ts';
import { messageJson, messageJsonSchema, type ThreadRow, threadSummary, threadSummarySchema } from '#server/messages/thread-json.ts';
import {
  buyerThread,
  inbox,
  markRead,
  newerMessages,
  openThread,
  sendMessage,
  setBlocked,
  threadFor,
  threadMessage,
  threadMessages,
  unreadCount,
} from '#server/messages/threads.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { listedShop } from '#server/shops/ownership.ts';
import { orderRoutes } from './orders';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());
const HOUR = 3_600_000;
const MINUTE = 60_000;
const MESSAGE_BODY_MAX_BYTES = textBodyLimit(MESSAGE_MAX);
/** Block and unblock read no body. */
const NO_BODY_MAX_BYTES = 1024;
/** How much of the last message the inbox shows. */
const LAST_LINE_MAX = 140;

const threadParams = z.object({ id: z.string() });
/** A paging cursor: a message id; anything else starts from the newest. */
const cursor = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);

const threadAnswerSchema = threadSummarySchema.extend({
  messages: z.array(messageJsonSchema).describe('Oldest first: the newest page, the one before `before`, or the first page after `after`'),
  earlier: z.number().nullable().describe('Pass as `before` for the messages before these; null at the start of the thread, and with `after`'),
  later: z.number().nullable().describe('With `after`, when more than a page is newer: pass as `after` for the rest; otherwise null, these being the newest'),
});
const sentSchema = z.object({ thread_id: z.string(), message: messageJsonSchema });

export const messageRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const messageLimit = app.personLimit('message', MESSAGES_PER_MINUTE, MINUTE, MSG.messagesTooFast);
  const threadLimit = app.personLimit('thread', NEW_THREADS_PER_HOUR, HOUR, MSG.threadsTooMany);
  const signedInRoute = { onRequest: app.authenticate };
  const security = [{ bearer: [] }];

  const webUrl = app.config.webUrl;
  /** After a send commits: its alerts go now rather than at the queues' next poll; a send that queued none wakes nothing. */
  function alertsQueued({ alerts }: { alerts: QueuedAlerts }) {
    if (alerts.mail) app.mailQueue.wake();
    if (alerts.sms) app.smsQueue.wake();
  }

  async function reload(thread: ThreadRow, userId: string) {
    return (await threadFor(app.db, thread.id, userId)).thread;
  }

  /** 404 for a hidden or missing shop, 403 for the caller's own. */
  async function checkShop(request: FastifyRequest, shopId: string) {
    const shop = await listedShop(app.db, shopId);
    if (shop.ownerId === signedIn(request).id) throw detailError(403, MSG.ownShopMessage);
  }

  /** The caller's thread with a shop checkShop passed, opened now (counted as a new thread) if they have none. */
  async function threadWithShop(request: FastifyRequest, shopId: string): Promise<ThreadRow> {
    const user = signedIn(request);
    const thread = await buyerThread(app.db, shopId, user.id);
    if (thread) return thread;
    await threadLimit(request);
    return openThread(app.db, shopId, user.id);
  }

  await app.register(orderRoutes, { messageLimit, checkShop, threadWithShop, alertsQueued });

  app.post(
    '/shops/:shop_id/messages',
    {
      ...signedInRoute,
      preHandler: messageLimit,
      bodyLimit: MESSAGE_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['messages'],
        summary: `Write to a shop (ext): starts the signed-in person's thread with it, or adds to the one they have. Not one's own shop (403); a hidden shop is 404. ${NEW_THREADS_PER_HOUR} new threads an hour, ${MESSAGES_PER_MINUTE} messages a minute`,
        security,
        params: z.object({ shop_id: z.string() }),
        body: messageSchema,
        response: { 201: sentSchema, 400: fieldErrors, 401: detail, 403: detail, 404: detail, 413: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      await checkShop(request, request.params.shop_id);
      const thread = await threadWithShop(request, request.params.shop_id);
      const message = await sendMessage(app.db, webUrl, thread, 'buyer', user.id, request.body.body);
      alertsQueued(message);
      return reply.code(201).send({ thread_id: thread.id, message: messageJson(message, 'buyer', 'buyer') });
    },
  );

  app.get(
    '/threads',
    {
      ...signedInRoute,
      schema: {
        tags: ['messages'],
        summary: "The signed-in person's threads, as buyer and as owner of each shop, latest activity first, paged by `before` (ext)",
        security,
        querystring: z.object({
          before: cursor.describe('The `more` of the page before'),
          page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(INBOX_PAGE_SIZE).catch(INBOX_PAGE_SIZE),
        }),
        response: {
          200: z.object({
            results: z.array(
              threadSummarySchema.extend({
                last_message: messageJsonSchema
                  .omit({ id: true, order: true })
                  .extend({
                    order_status: z
                      .enum(ORDER_STATUSES)
                      .nullable()
                      .describe('When it is an order request or its answer: the order’s status now; null once removed'),
                  })
                  .describe(`Its body cut to ${LAST_LINE_MAX} characters`),
              }),
            ),
            more: z.number().nullable().describe('Pass as `before` for the next page; null on the last'),
          }),
          401: detail,
        },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const { rows, more } = await inbox(app.db, user.id, request.query.before, request.query.page_size);
      return {
        results: rows.map((row) => {
          const side = row.buyerId === user.id ? 'buyer' : 'shop';
          const from = row.lastSenderId === row.buyerId ? 'buyer' : 'shop';
          const {
            id: _id,
            order: _order,
            ...last
          } = messageJson(
            {
              id: row.lastMessageId,
              threadId: row.id,
              senderId: row.lastSenderId,
              body: row.lastBody,
              orderId: null,
              hiddenAt: row.lastHiddenAt,
              createdAt: row.lastMessageAt,
            },
            from,
            side,
          );
          const body = Array.from(last.body).slice(0, LAST_LINE_MAX).join('');
          return { ...threadSummary(row, side), last_message: { ...last, body, order_status: last.removed ? null : row.lastOrderStatus } };
        }),
        more,
      };
    },
  );

  app.get(
    '/threads/unread-count',
    {
      ...signedInRoute,
      schema: {
        tags: ['messages'],
        summary: 'How many of the signed-in person’s threads hold a message they have not opened (ext)',
        security,
        response: { 200: z.object({ unread: z.number() }), 401: detail },
      },
    },
    async (request) => ({ unread: await unreadCount(app.db, signedIn(request).id) }),
  );

  app.get(
    '/threads/:id',
    {
      ...signedInRoute,
      schema: {
        tags: ['messages'],
        summary: `One thread and its newest ${THREAD_PAGE_SIZE} messages, oldest first, paged by \`before\` (ext); with \`after\`, only the messages newer than that one, for a page that asks every few seconds. Any read marks the thread read for the reader's side. 404 to anyone but its two sides`,
        security,
        params: threadParams,
        querystring: z.object({
          before: cursor.describe('The `earlier` of the page after'),
          after: cursor.describe('The id of the newest message the reader has, or the `later` of the last answer; wins over `before`'),
        }),
        response: { 200: threadAnswerSchema, 401: detail, 404: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const { thread, side } = await threadFor(app.db, request.params.id, user.id);
      const { after, before } = request.query;
      const { rows, earlier, later } =
        after === undefined
          ? { ...(await threadMessages(app.db, thread.id, before, THREAD_PAGE_SIZE)), later: null }
          : { ...(await newerMessages(app.db, thread.id, after, THREAD_PAGE_SIZE)), earlier: null };
      await markRead(app.db, thread, side);
      const orders = await ordersById(app.db, [...new Set(rows.flatMap((message) => (message.orderId ? [message.orderId] : [])))]);
      const read = side === 'buyer' ? { buyerReadId: thread.lastMessageId } : { shopReadId: thread.lastMessageId };
      return {
        ...threadSummary({ ...thread, ...read }, side),
        messages: rows.map((message) =>
          messageJson(message, message.senderId === thread.buyerId ? 'buyer' : 'shop', side, message.orderId ? orders.get(message.orderId) : null),
        ),
        earlier,
        later,
      };
    },
  );

  app.get(
    '/threads/:id/messages/:message_id',
    {
      ...signedInRoute,
      schema: {
        tags: ['messages'],
        summary:
          'One message of a thread with the thread’s summary, as the reader’s side sees it (ext), say to report it; it marks nothing read. 404 to anyone but its two sides',
        security,
        params: z.object({ id: z.string(), message_id: z.string() }),
        response: { 200: threadSummarySchema.extend({ message: messageJsonSchema }), 401: detail, 404: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const { thread, side } = await threadFor(app.db, request.params.id, user.id);
      const message = await threadMessage(app.db, thread.id, request.params.message_id);
      const orders = await ordersById(app.db, message.orderId ? [message.orderId] : []);
      const from = message.senderId === thread.buyerId ? 'buyer' : 'shop';
      return { ...threadSummary(thread, side), message: messageJson(message, from, side, message.orderId ? orders.get(message.orderId) : null) };
    },
  );

  app.post(
    '/threads/:id/messages',
    {
      ...signedInRoute,
      preHandler: messageLimit,
      bodyLimit: MESSAGE_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['messages'],
        summary: `Reply in a thread (ext); 403 while the other side blocks you or the shop is hidden, ${MESSAGES_PER_MINUTE} messages a minute`,
        security,
        params: threadParams,
        body: messageSchema,
        response: { 201: sentSchema, 400: fieldErrors, 401: detail, 403: detail, 404: detail, 413: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { thread, side } = await threadFor(app.db, request.params.id, user.id);
      const message = await sendMessage(app.db, webUrl, thread, side, user.id, request.body.body);
      alertsQueued(message);
      return reply.code(201).send({ thread_id: thread.id, message: messageJson(message, side, side) });
    },
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/threads/:id/${action}`,
      {
        ...signedInRoute,
        bodyLimit: NO_BODY_MAX_BYTES,
        config: { privateWrite: true },
        schema: {
          tags: ['messages'],
          summary: blocked
            ? 'Block the other side of a thread (ext): they can write nothing new in it; the thread stays readable to both'
            : 'Lift one’s own block on the other side of a thread (ext)',
          security,
          params: threadParams,
          response: { 200: threadSummarySchema, 401: detail, 404: detail },
        },
      },
      async (request) => {
        const user = signedIn(request);
        const { thread, side } = await threadFor(app.db, request.params.id, user.id);
        await setBlocked(app.db, thread, side, blocked);
        return threadSummary(await reload(thread, user.id), side);
      },
    );
  }
};
