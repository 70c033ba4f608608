import { randomInt } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

/** A Nigerian mobile number no other test uses, national (080…) and international (+234…). */
export function freshNumber(): { national: string; international: string } {
  const national = `080${randomInt(10_000_000, 99_999_999)}`;
  return { national, international: `+234${national.slice(1)}` };
}

/** The newest code texted to `international`, once the file outbox holds one newer than `after`. */
export async function codeTextedTo(international: string, after: number): Promise<string> {
  const outbox = path.join(inject('dataDir'), 'sms-outbox');
  for (let tries = 0; tries < 50; tries += 1) {
    const texts: { at: number; text: string }[] = [];
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const at = (await stat(path.join(outbox, file))).mtimeMs;
      const text = await readFile(path.join(outbox, file), 'utf8');
      if (at > after && text.startsWith(`To: ${international}\n`)) texts.push({ at, text });
    }
    const code = texts.sort((a, b) => b.at - a.at)[0]?.text.match(/code is (\d{6})/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code was texted to ${international}`);
}

/** Verifies `national` for the account of `access` at the API, with the code from the outbox. */
export async function verifyAtApi(apiUrl: string, access: string, national: string) {
  const sentAt = Date.now() - 1000;
  const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
  await fetch(`${apiUrl}/auth/phone-codes`, { method: 'POST', headers, body: JSON.stringify({ phone_number: national }) });
  const code = await codeTextedTo(`+234${national.slice(1)}`, sentAt);
  const verified = await fetch(`${apiUrl}/auth/verified-phones`, { method: 'POST', headers, body: JSON.stringify({ phone_number: national, code }) });
  if (verified.status !== 201) throw new Error(`verifying failed: ${verified.status} ${await verified.text()}`);
}
