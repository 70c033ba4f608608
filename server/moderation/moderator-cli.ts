import { TEXT_MAX } from '#rules/limits.ts';
import { EMAIL_PATTERN } from '#rules/text.ts';
import { ConfigError, checkEnv } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { adminSecret, runningAdminEndpoint } from './admin-endpoint';
import { setModerator } from './items';

const USAGE = 'Usage: npm run moderator -- grant EMAIL   (or: revoke EMAIL)';

class Refused extends Error {}

/** What makes `email` one no account can have, said before the API or the database is asked. */
function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed.length > TEXT_MAX.email) return `That email is longer than ${TEXT_MAX.email} characters (${trimmed.length}); no account can have it.`;
  if (!EMAIL_PATTERN.test(trimmed)) return `"${trimmed}" is not an email address (like ada@example.ng).`;
  return undefined;
}

/** Through the running API, which holds the embedded database: PGlite opens in one process only. */
async function throughApi(port: number, dataDir: string, email: string, grant: boolean): Promise<'changed' | 'unchanged' | 'unknown'> {
  let answer: Response;
  try {
    answer = await fetch(`http://127.0.0.1:${port}/admin/moderators`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminSecret(dataDir)}` },
      body: JSON.stringify({ email, moderator: grant }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new Refused(`The API that holds ${dataDir} runs but did not answer on 127.0.0.1:${port} (${(error as Error).message}).`);
  }
  if (answer.status === 404 && (await answer.json().catch(() => ({}))).detail?.startsWith('No account')) return 'unknown';
  if (!answer.ok) throw new Refused(`The API on 127.0.0.1:${port} refused the change (HTTP ${answer.status}); is it this DATA_DIR's API?`);
  return (await answer.json()).changed ? 'changed' : 'unchanged';
}

/** `npm run moderator -- grant EMAIL` and `revoke EMAIL`: through the running API on PGlite, else straight to the database. */
async function main(args: string[]) {
  const [verb, email, ...rest] = args;
  if ((verb !== 'grant' && verb !== 'revoke') || !email || rest.length) throw new Refused(USAGE);
  const problem = emailProblem(email);
  if (problem) throw new Refused(problem);
  const grant = verb === 'grant';
  const { databaseUrl, dataDir } = checkEnv(process.env);
  const running = databaseUrl ? undefined : await runningAdminEndpoint(dataDir);
  let outcome: Awaited<ReturnType<typeof setModerator>>;
  if (running) {
    outcome = await throughApi(running.port, dataDir, email, grant);
  } else {
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      await database.migrate();
      outcome = await setModerator(database.db, email, grant);
    } finally {
      await database.close();
    }
  }
  if (outcome === 'unknown') throw new Refused(`No account has the email ${email}. Sign up first, then run this again.`);
  const now = grant ? 'is now a moderator' : 'is no longer a moderator';
  const already = grant ? 'already was a moderator' : 'was not a moderator';
  console.log(`${email} ${outcome === 'changed' ? now : already}.`);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Refused || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
