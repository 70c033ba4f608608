import { sql } from 'drizzle-orm';
import { makeResetLink } from '#server/auth/reset-tokens.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { OutboxRow } from './mail-queue';
import type { Mail } from './mailer';

/** The password reset email: plain text first, because many of our readers see only that. */
function resetPasswordMail(username: string, link: string) {
  const text = [
    `Hello ${username},`,
    '',
    'Someone asked to reset the password of your Kasuwa account. If it was you, open this link within one hour:',
    '',
    link,
    '',
    'If it was not you, ignore this email: your password stays the same.',
    '',
    '— Kasuwa',
  ].join('\n');
  const safeLink = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const safeName = username.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const html = `<p>Hello ${safeName},</p><p>Someone asked to reset the password of your Kasuwa account. If it was you, open this link within one hour:</p><p><a href="${safeLink}">Reset my password</a></p><p>If it was not you, ignore this email: your password stays the same.</p><p>— Kasuwa</p>`;
  return { subject: 'Reset your Kasuwa password', text, html };
}

/** Null for an address no account has: the request was answered alike either way. */
export function passwordResetMailOf(db: Db, secret: Uint8Array, webUrl: string) {
  return async (row: OutboxRow): Promise<Mail | null> => {
    const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${row.recipient.toLowerCase()}`).limit(1);
    if (!user) return null;
    const { uid, token } = makeResetLink(secret, user);
    const link = `${webUrl}/reset-password?uid=${encodeURIComponent(uid)}&token=${encodeURIComponent(token)}`;
    return { to: user.email, ...resetPasswordMail(user.username, link) };
  };
}
