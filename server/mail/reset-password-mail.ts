import { sql } from 'drizzle-orm';
import { sayerIn } from '#rules/i18n/say.ts';
import { makeResetLink } from '#server/auth/reset-tokens.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { escapeHtml } from './escape-html';
import type { OutboxRow } from './mail-queue';
import type { Mail } from './mailer';

/** The password reset email, in the account's language: plain text first, because many of our readers see only that. */
function resetPasswordMail(username: string, link: string, language: string | null) {
  const say = sayerIn(language, 'mail');
  const hello = say('mail.hello', { name: username });
  const asked = say('mailReset.asked');
  const notYou = say('mailReset.notYou');
  const signature = say('mail.signature');
  const text = [hello, '', asked, '', link, '', notYou, '', signature].join('\n');
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(asked)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(say('mailReset.link'))}</a></p><p>${escapeHtml(notYou)}</p><p>${escapeHtml(signature)}</p>`;
  return { subject: say('mailReset.subject'), text, html };
}

/** Null for an address no account has: the request was answered alike either way. */
export function passwordResetMailOf(db: Db, secret: Uint8Array, webUrl: string) {
  return async (row: OutboxRow): Promise<Mail | null> => {
    const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${row.recipient.toLowerCase()}`).limit(1);
    if (!user) return null;
    const { uid, token } = makeResetLink(secret, user);
    const link = `${webUrl}/reset-password?uid=${encodeURIComponent(uid)}&token=${encodeURIComponent(token)}`;
    return { to: user.email, ...resetPasswordMail(user.username, link, user.language) };
  };
}
