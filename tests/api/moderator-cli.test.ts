import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { announceAdminEndpoint } from '#server/moderation/admin-endpoint.ts';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';

const run = promisify(execFile);
const CLI = path.resolve('server/moderation/moderator-cli.ts');

let api: TestApi;
let forget: () => void;

beforeAll(async () => {
  api = await startTestApi({ listen: true });
  forget = announceAdminEndpoint(api.dataDir, Number(new URL(api.url).port));
});
afterAll(async () => {
  forget();
  await api.close();
});

/** `npm run moderator -- …` as a person types it, against the running API's DATA_DIR (or its PostgreSQL). */
async function moderator(args: string[], dataDir = api.dataDir) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: api.databaseUrl ?? '', LOG_LEVEL: 'silent' };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], { env, timeout: 170_000 });
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, out: failed.stderr.trim() };
  }
}

const isModerator = async (id: string) => (await api.database.db.select({ flag: users.isModerator }).from(users).where(eq(users.id, id)))[0]?.flag;

describe('npm run moderator', () => {
  it('grants and revokes moderation while the API runs on the same database', { timeout: 120_000 }, async () => {
    const person = await signUp(api.app);
    expect(await moderator(['grant', person.email.toUpperCase()])).toEqual({ code: 0, out: `${person.email.toUpperCase()} is now a moderator.` });
    expect(await isModerator(person.id)).toBe(true);
    // The API sees it at once: the moderation list opens for them.
    const list = await api.app.inject({ method: 'GET', url: '/moderation/reports', headers: { authorization: `Bearer ${person.access}` } });
    expect(list.statusCode).toBe(200);
    expect((await moderator(['grant', person.email])).out).toBe(`${person.email} already was a moderator.`);
    expect((await moderator(['revoke', person.email])).out).toBe(`${person.email} is no longer a moderator.`);
    expect(await isModerator(person.id)).toBe(false);
  });

  it('says plainly when no account has the email, and how to call it', { timeout: 60_000 }, async () => {
    expect(await moderator(['grant', 'nobody@example.ng'])).toEqual({
      code: 1,
      out: 'No account has the email nobody@example.ng. Sign up first, then run this again.',
    });
    expect(await moderator(['promote', 'x@example.ng'])).toEqual({ code: 1, out: 'Usage: npm run moderator -- grant EMAIL   (or: revoke EMAIL)' });
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('opens the embedded database itself when no API runs on it', { timeout: 180_000 }, async () => {
    const idle = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-cli-'));
    try {
      expect(await moderator(['revoke', 'nobody@example.ng'], idle)).toEqual({
        code: 1,
        out: 'No account has the email nobody@example.ng. Sign up first, then run this again.',
      });
    } finally {
      await rm(idle, { recursive: true, force: true });
    }
  });

  it('names an email too long or not an email at all as the cause, before asking the API', { timeout: 60_000 }, async () => {
    const long = `${'a'.repeat(290)}@example.ng`;
    expect(await moderator(['grant', long])).toEqual({ code: 1, out: `That email is longer than 254 characters (${long.length}); no account can have it.` });
    expect(await moderator(['revoke', 'ada.example.ng'])).toEqual({ code: 1, out: '"ada.example.ng" is not an email address (like ada@example.ng).' });
  });

  it('is refused by the admin endpoint without the secret', async () => {
    const answer = await fetch(`${api.url}/admin/moderators`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer guessed' },
      body: JSON.stringify({ email: 'x@example.ng', moderator: true }),
    });
    expect(answer.status).toBe(404);
  });
});
