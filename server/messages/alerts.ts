import { eq, isNull, lte, or, sql } from 'drizzle-orm';
import { MESSAGE_ALERT_EVERY_MINUTES } from '#rules/limits.ts';
import type { Tx } from '#server/db/client.ts';
import { mailOutbox, shops, smsOutbox, type ThreadSide, threads, users } from '#server/db/schema.ts';
import type { ThreadRow } from './thread-json';

/** `${webUrl}/messages/{id}`: where an alert sends its reader. */
export const threadLink = (webUrl: string, threadId: string) => `${webUrl}/messages/${encodeURIComponent(threadId)}`;

/** No message words: a text message may be read on a locked phone's screen. */
const shopAlertSms = (shopName: string, link: string) => `Kasuwa: new message for ${shopName} from a buyer. Read and reply: ${link}`;

const alertedColumn = (side: ThreadSide) => (side === 'buyer' ? threads.buyerAlertedAt : threads.shopAlertedAt);

/**
 * For the send's own update of its thread: marks `to` alerted now unless it was within the last
 * MESSAGE_ALERT_EVERY_MINUTES. Deciding it in that one statement makes two API instances sending at once alert once.
 */
export function alertMark(to: ThreadSide) {
  const column = alertedColumn(to);
  const due = or(isNull(column), lte(column, sql`now() - make_interval(mins => ${MESSAGE_ALERT_EVERY_MINUTES})`));
  const value = sql`case when ${due} then now() else ${column} end`;
  // now() is the transaction's start: equal only when this statement just set it.
  const alerted = sql<boolean>`${column} = now()`;
  return { set: to === 'buyer' ? { buyerAlertedAt: value } : { shopAlertedAt: value }, alerted };
}

/** Which outboxes a send wrote to, so only those are woken. */
export type QueuedAlerts = { mail: boolean; sms: boolean };

/** Queues the alerts for `to`, the side that did not send `messageId`, in the send's transaction, once alertMark said so. */
export async function queueAlerts(tx: Tx, webUrl: string, thread: ThreadRow, to: ThreadSide, messageId: number): Promise<QueuedAlerts> {
  const none = { mail: false, sms: false };
  const [shop] = await tx
    .select({ ownerId: shops.ownerId, smsAlerts: shops.smsAlerts, phone: sql<string>`coalesce(${shops.phone}, ${users.phoneNumber})` })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(shops.id, thread.shopId));
  if (!shop) return none;
  await tx.insert(mailOutbox).values({ kind: 'message-alert', recipient: to === 'buyer' ? thread.buyerId : shop.ownerId, messageId });
  const sms = to === 'shop' && shop.smsAlerts;
  if (sms) {
    await tx.insert(smsOutbox).values({ kind: 'message-alert', recipient: shop.phone, body: shopAlertSms(thread.shopName, threadLink(webUrl, thread.id)) });
  }
  return { mail: true, sms };
}
