import { sql } from 'drizzle-orm';
import { LANGUAGES } from '#rules/i18n/languages.ts';
import { sayerIn } from '#rules/i18n/say.ts';
import { MESSAGE_ALERT_EVERY_MINUTES } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { mailOutbox, shops, smsOutbox, type ThreadSide, users } from '#server/db/schema.ts';
import type { ThreadRow } from './thread-json';

/** `${webUrl}/messages/{id}`: where an alert sends its reader. */
export const threadLink = (webUrl: string, threadId: string) => `${webUrl}/messages/${encodeURIComponent(threadId)}`;

/**
 * No message words: a text message may be read on a locked phone's screen. One text per language, and the
 * statement picks the owner's (English for an owner who chose none).
 */
function shopAlertSms(shopName: string, link: string) {
  const texts = LANGUAGES.map((language) => sql`when ${language} then ${sayerIn(language, 'mail')('smsAlert.text', { shop: shopName, link })}`);
  return sql`case owner.language ${sql.join(texts, sql` `)} else ${sayerIn(null, 'mail')('smsAlert.text', { shop: shopName, link })} end`;
}

/** Which outboxes a send wrote to, so only those are woken. */
export type QueuedAlerts = { mail: boolean; sms: boolean };

/**
 * The part of a send's one statement (threads.ts, `storeMessage`) that marks `to` alerted unless it was within
 * the last MESSAGE_ALERT_EVERY_MINUTES, and queues its mail and, for a shop that asked, its text message.
 * Deciding it in the statement that moves the thread makes two API instances sending at once alert once.
 */
export function alertParts(webUrl: string, thread: ThreadRow, to: ThreadSide) {
  const column = sql.identifier(to === 'buyer' ? 'buyer_alerted_at' : 'shop_alerted_at');
  const set = sql`${column} = case when ${column} is null or ${column} <= now() - make_interval(mins => ${MESSAGE_ALERT_EVERY_MINUTES}) then now() else ${column} end`;
  // now() is the transaction's start: equal only when this statement just set it.
  const alerted = sql`(${column} = now()) as alerted`;
  const recipient = to === 'buyer' ? sql`${thread.buyerId}::uuid` : sql`owner.owner_id`;
  const shopName = thread.shopName ?? MSG.deletedAccount;
  const queue = sql`
    owner as (
      select ${shops.ownerId} as owner_id, ${shops.smsAlerts} as sms_alerts, coalesce(${shops.phone}, ${users.phoneNumber}) as phone, ${users.language} as language
      from ${shops} join ${users} on ${users.id} = ${shops.ownerId} where ${shops.id} = ${thread.shopId}
    ),
    mail as (
      insert into ${mailOutbox} (kind, recipient, message_id)
      select 'message-alert', (${recipient})::text, inserted.id from inserted, moved, owner
      -- Turned off in Settings, the mail stays unsent; the shop's text message is its own switch on My Shops.
      where moved.alerted and exists (select 1 from ${users} where ${users.id} = ${recipient} and ${users.messageMailAlerts})
      returning 1
    ),
    sms as (
      insert into ${smsOutbox} (kind, recipient, body)
      select 'message-alert', owner.phone, ${shopAlertSms(shopName, threadLink(webUrl, thread.id))}
      from inserted, moved, owner where moved.alerted and ${to === 'shop'} and owner.sms_alerts
      returning 1
    )`;
  return { set, alerted, queue };
}
