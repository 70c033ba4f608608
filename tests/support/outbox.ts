import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** Undoes quoted-printable, the encoding nodemailer uses for long lines, so links read whole. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function newestLinkIn(outbox: string, email: string, since: number): Promise<URL | undefined> {
  // The outbox names each message by the time it was written (server/mail/mailer.ts), to the millisecond.
  const oldest = new Date(since).toISOString().replace(/[:.]/g, '-');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((file) => file >= oldest)
    .sort()
    .reverse();
  for (const file of files) {
    const message = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
    if (!message.includes(`To: ${email}`)) continue;
    const link = /https?:\/\/[^\s"]+\/reset-password\?uid=[\w-]+&token=[\w.-]+/.exec(message);
    if (link) return new URL(link[0]);
  }
  return undefined;
}

/**
 * The newest password reset link mailed to `email` through the file outbox of `dataDir`, written at
 * `since` or later. The API sends mail after answering, so the message may land a moment after the
 * request's answer: wait up to `waitMs` for it.
 */
export async function latestResetLink(dataDir: string, email: string, { since = 0, waitMs = 5_000 } = {}): Promise<URL> {
  const outbox = path.join(dataDir, 'outbox');
  const until = Date.now() + waitMs;
  for (;;) {
    const link = await newestLinkIn(outbox, email, since);
    if (link) return link;
    if (Date.now() > until) throw new Error(`no reset email for ${email}`);
    await delay(50);
  }
}
