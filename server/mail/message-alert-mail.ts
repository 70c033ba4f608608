import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sayerIn } from '#rules/i18n/say.ts';
import { MESSAGE_ALERT_EXCERPT_MAX } from '#rules/limits.ts';
import { messageWarning } from '#rules/message-warning.ts';
import type { Db } from '#server/db/client.ts';
import { messages, shops, threads, users } from '#server/db/schema.ts';
import { threadLink } from '#server/messages/alerts.ts';
import { escapeHtml } from './escape-html';
import type { OutboxRow } from './mail-queue';
import type { Mail } from './mailer';

const recipients = alias(users, 'recipients');
const buyers = alias(users, 'buyers');

/** The first words of a message, cut between words; null when it carries an account number or a link, which a mail must not spread. */
export function alertExcerpt(body: string): string | null {
  const warning = messageWarning(body);
  if (warning === 'account_number' || warning === 'link') return null;
  const flat = body.replace(/\s+/g, ' ').trim();
  const characters = Array.from(flat);
  if (characters.length <= MESSAGE_ALERT_EXCERPT_MAX) return flat;
  const cut = characters.slice(0, MESSAGE_ALERT_EXCERPT_MAX - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > 0 ? cut.slice(0, lastSpace) : cut}…`;
}

/** Plain text first, as for resets; the warning line is for a buyer a stranger may try to rush into paying. */
function messageAlertMail(input: {
  username: string;
  from: string;
  shopName: string;
  toShop: boolean;
  excerpt: string | null;
  link: string;
  language: string | null;
}) {
  const { username, from, shopName, toShop, excerpt, link } = input;
  const say = sayerIn(input.language, 'mail');
  const hello = say('mail.hello', { name: username });
  const said = excerpt === null ? say('mailAlert.sent', { from }) : say('mailAlert.wrote', { from, excerpt });
  const subject = toShop ? say('mailAlert.subjectShop', { shop: shopName }) : say('mailAlert.subjectBuyer', { shop: shopName });
  const caution = say('mailAlert.caution');
  const signature = say('mail.signature');
  const text = [hello, '', said, '', say('mailAlert.read'), link, '', caution, '', signature].join('\n');
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(said)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(say('mailAlert.readLink'))}</a></p><p>${escapeHtml(caution)}</p><p>${escapeHtml(signature)}</p>`;
  return { subject, text, html };
}

/** Written when sent, to the address the account has then; nothing once the thread or account is gone. */
export function messageAlertMailOf(db: Db, webUrl: string) {
  return async (row: OutboxRow): Promise<Mail | null> => {
    if (row.message_id === null) return null;
    const [found] = await db
      .select({
        threadId: threads.id,
        body: messages.body,
        senderId: messages.senderId,
        buyerId: threads.buyerId,
        buyerName: buyers.username,
        shopName: shops.name,
        email: recipients.email,
        username: recipients.username,
        language: recipients.language,
      })
      .from(messages)
      .innerJoin(threads, eq(threads.id, messages.threadId))
      .innerJoin(shops, eq(shops.id, threads.shopId))
      .innerJoin(buyers, eq(buyers.id, threads.buyerId))
      .innerJoin(recipients, eq(recipients.id, row.recipient))
      .where(eq(messages.id, Number(row.message_id)))
      .limit(1);
    if (!found) return null;
    const toShop = found.senderId === found.buyerId;
    const mail = messageAlertMail({
      username: found.username,
      from: toShop ? found.buyerName : found.shopName,
      shopName: found.shopName,
      toShop,
      excerpt: alertExcerpt(found.body),
      link: threadLink(webUrl, found.threadId),
      language: found.language,
    });
    return { to: found.email, ...mail };
  };
}
