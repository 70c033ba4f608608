import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import { z } from 'zod';
import { REPORTED_MESSAGE_CONTEXT } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import type { Db } from '#server/db/client.ts';
import { messages, shops, type ThreadSide, threads, users } from '#server/db/schema.ts';
import { itemOf, messageItems, moderationItemSchema, reportsAndLog, reportsAndLogSchema } from './items';

const SIDES = ['buyer', 'shop'] as const;

export const messageItemSchema = moderationItemSchema.extend(reportsAndLogSchema.shape).extend({
  message_id: z.number(),
  thread_id: z.string(),
  buyer_name: z.string(),
  from: z.enum(SIDES).describe('Which side sent the reported message'),
  created_at: z.string(),
  context: z
    .array(
      z.object({
        id: z.number(),
        from: z.enum(SIDES),
        sender: z.string().describe("The buyer's username or the shop's name"),
        body: z.string().describe('As sent, even when hidden'),
        created_at: z.string(),
        hidden: z.boolean(),
        reported: z.boolean().describe('True for the reported message itself'),
      }),
    )
    .describe(`Oldest first: up to ${REPORTED_MESSAGE_CONTEXT} messages before the reported one, it, and up to ${REPORTED_MESSAGE_CONTEXT} after`),
});

/** A reported message with its neighbours in the thread, both walked along the thread's (thread, id) index. */
export async function messageItem(db: Db, messageId: number): Promise<z.infer<typeof messageItemSchema> | undefined> {
  const [row] = await messageItems(db, [messageId]);
  if (!row) return undefined;
  const [thread] = await db
    .select({ id: threads.id, buyerId: threads.buyerId, buyerName: users.username, shopName: shops.name, reported: messages })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .innerJoin(shops, eq(shops.id, threads.shopId))
    .leftJoin(users, eq(users.id, threads.buyerId))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!thread) return undefined;
  const inThread = eq(messages.threadId, thread.id);
  const [before, after, log] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(inThread, lt(messages.id, messageId)))
      .orderBy(desc(messages.id))
      .limit(REPORTED_MESSAGE_CONTEXT),
    db
      .select()
      .from(messages)
      .where(and(inThread, gt(messages.id, messageId)))
      .orderBy(asc(messages.id))
      .limit(REPORTED_MESSAGE_CONTEXT),
    reportsAndLog(db, { shopId: row.shopId, ratingId: null, messageId }),
  ]);
  const buyerName = thread.buyerName ?? MSG.deletedAccount;
  const fromOf = (message: typeof messages.$inferSelect): ThreadSide => (message.senderId === thread.buyerId ? 'buyer' : 'shop');
  const context = [...before.reverse(), thread.reported, ...after].map((message) => ({
    id: message.id,
    from: fromOf(message),
    sender: fromOf(message) === 'buyer' ? buyerName : thread.shopName,
    body: message.body,
    created_at: message.createdAt.toISOString(),
    hidden: message.hiddenAt !== null,
    reported: message.id === messageId,
  }));
  return {
    ...itemOf(row),
    ...log,
    message_id: messageId,
    thread_id: thread.id,
    buyer_name: buyerName,
    from: fromOf(thread.reported),
    created_at: thread.reported.createdAt.toISOString(),
    context,
  };
}
