import { z } from 'zod';
import { messageWarning } from '#rules/message-warning.ts';
import { MSG } from '#rules/messages.ts';
import type { messages, ThreadSide } from '#server/db/schema.ts';
import { type OrderJson, orderJsonSchema } from './order-json';

const SIDES = ['buyer', 'shop'] as const;

export const messageJsonSchema = z.object({
  id: z.number().describe('Counts up: later messages have larger ids'),
  from: z.enum(SIDES),
  mine: z.boolean(),
  body: z.string().describe(`Plain text: a link in it is shown as text, never made clickable. A removed message reads "${MSG.messageRemoved}"`),
  removed: z.boolean().describe("Hidden by Kasuwa's moderators: its text, warning and order are gone for both sides"),
  created_at: z.string(),
  warning: z
    .enum(['pay_first', 'account_number', 'link'])
    .nullable()
    .describe("On the shop's messages only: it asks for payment before delivery, carries a bank account number or a link (docs/product.md §5)"),
  order: orderJsonSchema.nullable().describe('The order request this message sent or answered'),
});

/** One message as its thread shows it to `viewer`'s side; what a moderator hid is gone for both sides, its sender too. */
export function messageJson(message: typeof messages.$inferSelect, from: ThreadSide, viewer: ThreadSide, order: OrderJson | null = null) {
  const removed = message.hiddenAt !== null;
  return {
    id: message.id,
    from,
    mine: from === viewer,
    body: removed ? MSG.messageRemoved : message.body,
    removed,
    created_at: message.createdAt.toISOString(),
    warning: from === 'shop' && !removed ? messageWarning(message.body) : null,
    order: removed ? null : order,
  };
}

export const threadSummarySchema = z.object({
  id: z.string(),
  role: z.enum(SIDES).describe('The side the signed-in person is on'),
  shop: z.object({ id: z.string().nullable(), name: z.string() }).describe(`A shop gone with its owner's account has no id and reads "${MSG.deletedAccount}"`),
  buyer_name: z.string(),
  other_name: z
    .string()
    .describe(`The shop's name for its buyer, the buyer's username for the shop; "${MSG.deletedAccount}" once that side deleted its account`),
  other_deleted: z.boolean().describe('The other side deleted its account: the thread stays readable and takes no new messages'),
  last_activity_at: z.string(),
  unread: z.boolean(),
  blocked_by_me: z.boolean(),
  blocked_by_other: z.boolean(),
  can_write: z.boolean().describe('False while the other side blocks this one, while a moderator hides the shop, or once the other side deleted its account'),
});

/** A thread row with what its summary names. */
export type ThreadRow = {
  id: string;
  /** Null, with the name, once that side deleted its account (decision 079). */
  shopId: string | null;
  shopName: string | null;
  shopHidden: boolean;
  buyerId: string | null;
  buyerName: string | null;
  lastMessageId: number;
  lastMessageAt: Date;
  buyerReadId: number;
  shopReadId: number;
  buyerBlockedAt: Date | null;
  shopBlockedAt: Date | null;
};

export const otherSide = (side: ThreadSide): ThreadSide => (side === 'buyer' ? 'shop' : 'buyer');

export function blockedAt(thread: ThreadRow, side: ThreadSide): Date | null {
  return side === 'buyer' ? thread.buyerBlockedAt : thread.shopBlockedAt;
}

export function threadSummary(thread: ThreadRow, side: ThreadSide) {
  const readId = side === 'buyer' ? thread.buyerReadId : thread.shopReadId;
  const blockedByOther = blockedAt(thread, otherSide(side)) !== null;
  const shopName = thread.shopName ?? MSG.deletedAccount;
  const buyerName = thread.buyerName ?? MSG.deletedAccount;
  const otherDeleted = (side === 'buyer' ? thread.shopId : thread.buyerId) === null;
  return {
    id: thread.id,
    role: side,
    shop: { id: thread.shopId, name: shopName },
    buyer_name: buyerName,
    other_name: side === 'buyer' ? shopName : buyerName,
    other_deleted: otherDeleted,
    last_activity_at: thread.lastMessageAt.toISOString(),
    unread: thread.lastMessageId > readId,
    blocked_by_me: blockedAt(thread, side) !== null,
    blocked_by_other: blockedByOther,
    can_write: !blockedByOther && !thread.shopHidden && !otherDeleted,
  };
}
