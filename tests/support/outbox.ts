import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** Undoes quoted-printable, the encoding nodemailer uses for long lines, so links read whole. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const RESET_LINK = /https?:\/\/[^\s"]+\/reset-password\?uid=[\w-]+&token=[\w.-]+/;

async function newestLinkIn(outbox: string, email: string, pattern: RegExp, since: number): Promise<URL | undefined> {
  // The outbox names each message by the time it was written (server/mail/mailer.ts), to the millisecond.
  const oldest = new Date(since).toISOString().replace(/[:.]/g, '-');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((file) => file >= oldest)
    .sort()
    .reverse();
  for (const file of files) {
    const message = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
    if (!message.includes(`To: ${email}`)) continue;
    const link = pattern.exec(message);
    if (link) return new URL(link[0]);
  }
  return undefined;
}

/**
 * The newest password reset link mailed to `email` through the file outbox of `dataDir`, written at
 * `since` or later. The API sends mail after answering, so the message may land a moment after the
 * request's answer: wait up to `waitMs` for it.
 */
export function latestResetLink(dataDir: string, email: string, options: { since?: number; waitMs?: number } = {}): Promise<URL> {
  return latestMailedLink(dataDir, email, RESET_LINK, options);
}

/** The newest link matching `pattern` mailed to `email` through the file outbox of `dataDir`, as for resets. */
export async function latestMailedLink(dataDir: string, email: string, pattern: RegExp, { since = 0, waitMs = 5_000 } = {}): Promise<URL> {
  const outbox = path.join(dataDir, 'outbox');
  const until = Date.now() + waitMs;
  for (;;) {
    const link = await newestLinkIn(outbox, email, pattern, since);
    if (link) return link;
    if (Date.now() > until) throw new Error(`no email for ${email} with ${pattern}`);
    await delay(50);
  }
}
