import { and, eq, isNotNull } from 'drizzle-orm';
import { sayerIn } from '#rules/i18n/say.ts';
import type { Db } from '#server/db/client.ts';
import { shops, users } from '#server/db/schema.ts';
import { escapeHtml } from './escape-html';
import type { OutboxRow } from './mail-queue';
import type { Mail } from './mailer';

/** The notice to an owner whose shop the scam-report rule hid; a reply reaches the moderators (docs/product.md §4). */
function shopHiddenMail(input: { username: string; shopName: string; link: string; language: string | null }) {
  const say = sayerIn(input.language, 'mail');
  const hello = say('mail.hello', { name: input.username });
  const hidden = say('mailHidden.hidden', { shop: input.shopName });
  const reply = say('mailHidden.reply');
  const signature = say('mail.signature');
  const subject = say('mailHidden.subject', { shop: input.shopName });
  const text = [hello, '', hidden, '', reply, '', input.link, '', signature].join('\n');
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(hidden)}</p><p>${escapeHtml(reply)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(say('mailHidden.link'))}</a></p><p>${escapeHtml(signature)}</p>`;
  return { subject, text, html };
}

/** Written when sent: nothing once the shop is shown again or gone. */
export function shopHiddenMailOf(db: Db, webUrl: string, moderationEmail: string) {
  return async (row: OutboxRow): Promise<Mail | null> => {
    if (!row.shop_id) return null;
    const [shop] = await db
      .select({ name: shops.name, email: users.email, username: users.username, language: users.language })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.ownerId))
      .where(and(eq(shops.id, row.shop_id), isNotNull(shops.hiddenAt)))
      .limit(1);
    if (!shop) return null;
    const mail = shopHiddenMail({ username: shop.username, shopName: shop.name, link: `${webUrl}/myShop`, language: shop.language });
    return { to: shop.email, replyTo: moderationEmail, ...mail };
  };
}
