import { z } from 'zod';
import { ORDER_STATUSES } from '#rules/order-requests.ts';

/** Threads, messages and order requests as our provider answers them (docs/api.md, its messages extension). */

const side = z.enum(['buyer', 'shop']);

const orderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(z.object({ product_id: z.string().nullable(), name: z.string(), unit_price: z.number(), quantity: z.number() })),
  total: z.number(),
  note: z.string().nullable(),
  decline_reason: z.string().nullable(),
});

const threadMessageSchema = z.object({
  id: z.number(),
  from: side,
  mine: z.boolean(),
  body: z.string(),
  removed: z.boolean().default(false),
  created_at: z.string(),
  warning: z.enum(['pay_first', 'account_number', 'link']).nullable().catch(null),
  order: orderSchema.nullable(),
});

const threadSummarySchema = z.object({
  id: z.string(),
  role: side,
  // A shop gone with its owner's account has no id (decision 079).
  shop: z.object({ id: z.string().nullable(), name: z.string() }),
  other_name: z.string(),
  other_deleted: z.boolean().default(false),
  last_activity_at: z.string(),
  unread: z.boolean(),
  blocked_by_me: z.boolean(),
  blocked_by_other: z.boolean(),
  can_write: z.boolean(),
});

export const inboxSchema = z.object({
  results: z.array(
    threadSummarySchema.extend({
      last_message: z.object({ from: side, mine: z.boolean(), body: z.string(), order_status: z.enum(ORDER_STATUSES).nullable() }),
    }),
  ),
  more: z.number().nullable(),
});

export const threadSchema = threadSummarySchema.extend({ messages: z.array(threadMessageSchema), earlier: z.number().nullable() });

/** Only the messages after one the page shows: what an open thread asks for. */
export const newerSchema = z.object({ messages: z.array(threadMessageSchema.pick({ id: true })) });

export const sentSchema = z.object({ thread_id: z.string(), message: threadMessageSchema });

export const unreadSchema = z.object({ unread: z.number() });

export type ThreadMessage = z.infer<typeof threadMessageSchema>;
export type Order = z.infer<typeof orderSchema>;
export type InboxThread = z.infer<typeof inboxSchema>['results'][number];
