import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable, the encoding nodemailer uses for long lines, so links read whole. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest password reset link mailed to `email` through the file outbox of `dataDir`. */
export async function latestResetLink(dataDir: string, email: string): Promise<URL> {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
  for (const file of files) {
    const message = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
    if (!message.includes(`To: ${email}`)) continue;
    const link = /https?:\/\/[^\s"]+\/reset-password\?uid=[\w-]+&token=[\w.-]+/.exec(message);
    if (link) return new URL(link[0]);
  }
  throw new Error(`no reset email for ${email}`);
}
