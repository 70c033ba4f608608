import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { MESSAGE_ALERT_EVERY_MINUTES } from '#rules/limits.ts';
import type { Tx } from '#server/db/client.ts';
import { mailOutbox, shops, smsOutbox, type ThreadSide, threads, users } from '#server/db/schema.ts';
import { otherSide, type ThreadRow } from './thread-json';

/** `${webUrl}/messages/{id}`: where an alert sends its reader. */
export const threadLink = (webUrl: string, threadId: string) => `${webUrl}/messages/${encodeURIComponent(threadId)}`;

/** No message words: a text message may be read on a locked phone's screen. */
const shopAlertSms = (shopName: string, link: string) => `Kasuwa: new message for ${shopName} from a buyer. Read and reply: ${link}`;

/**
 * Queues the alerts for the side that did not send `messageId`, in the send's transaction, unless that side
 * was alerted within the last MESSAGE_ALERT_EVERY_MINUTES. The conditional update decides it, so two API
 * instances sending at once alert once.
 */
export async function queueAlerts(tx: Tx, webUrl: string, thread: ThreadRow, sender: ThreadSide, messageId: number) {
  const to = otherSide(sender);
  const alertedAt = to === 'buyer' ? threads.buyerAlertedAt : threads.shopAlertedAt;
  const due = or(isNull(alertedAt), lte(alertedAt, sql`now() - make_interval(mins => ${MESSAGE_ALERT_EVERY_MINUTES})`));
  const [alerted] = await tx
    .update(threads)
    .set(to === 'buyer' ? { buyerAlertedAt: sql`now()` } : { shopAlertedAt: sql`now()` })
    .where(and(eq(threads.id, thread.id), due))
    .returning({ id: threads.id });
  if (!alerted) return;
  const [shop] = await tx
    .select({ ownerId: shops.ownerId, smsAlerts: shops.smsAlerts, phone: sql<string>`coalesce(${shops.phone}, ${users.phoneNumber})` })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(shops.id, thread.shopId));
  if (!shop) return;
  const recipient = to === 'buyer' ? thread.buyerId : shop.ownerId;
  // Turned off in Settings, the mail stays unsent; the shop's text message is its own switch on My Shops.
  const [wantsMail] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, recipient), eq(users.messageMailAlerts, true)));
  if (wantsMail) await tx.insert(mailOutbox).values({ kind: 'message-alert', recipient, messageId });
  if (to === 'shop' && shop.smsAlerts) {
    await tx.insert(smsOutbox).values({ kind: 'message-alert', recipient: shop.phone, body: shopAlertSms(thread.shopName, threadLink(webUrl, thread.id)) });
  }
}
