import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { stripVTControlCharacters } from 'node:util';
import { sql } from 'drizzle-orm';
import { freePort, ROOT } from '#scripts/lib/product.ts';
import { openPglite } from '#server/db/client.ts';
import { testProductEnv } from './global-setup';

export const RUNNING = 'Press Ctrl-C to stop.';
/** Migrating, seeding 30 shops with photos and starting two servers, on a busy 2-core machine. */
export const LAUNCH_TEST_TIMEOUT_MS = 300_000;

export type Launch = { child: ChildProcess; output: () => string; exited: Promise<number | null>; webPort: number; apiPort: number };

const shellWord = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * `npm start` as a newcomer runs it, on free ports and `dataDir`, with `settings` added to its environment.
 * `terminal`: its output goes to a terminal, as in a person's shell (util-linux `script` holds the other
 * end); Ctrl-C is then typed into its `stdin`.
 */
export async function launch(dataDir: string, settings: NodeJS.ProcessEnv = {}, { terminal = false } = {}): Promise<Launch> {
  const webPort = await freePort();
  let apiPort = await freePort();
  while (apiPort === webPort) apiPort = await freePort();
  const env = testProductEnv({ DATA_DIR: dataDir, PORT: String(webPort), API_PORT: String(apiPort), SEED_DEMO: '', ...settings });
  const command = [process.execPath, '--import', 'tsx', path.join(ROOT, 'scripts', 'start.ts')];
  const child = terminal
    ? // `exec`: whatever shell `script` starts (dash when SHELL is unset) must not stay between the terminal and the launcher.
      spawn('script', ['--quiet', '--flush', '--return', '--command', `exec ${command.map(shellWord).join(' ')}`, '/dev/null'], {
        cwd: ROOT,
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      })
    : spawn(command[0]!, command.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited, webPort, apiPort };
}

/** What one tier printed through the launcher, without its prefix and terminal colours. */
export function linesOf(tier: 'api' | 'web', output: string): string[] {
  return output
    .split(/\r?\n/)
    .filter((line) => line.startsWith(`[${tier}] `))
    .map((line) => stripVTControlCharacters(line.slice(`[${tier}] `.length)));
}

export async function untilPrinted(running: Launch, text: string, timeoutMs = 200_000) {
  const deadline = Date.now() + timeoutMs;
  while (!running.output().includes(text)) {
    if (running.child.exitCode !== null) throw new Error(`The launcher exited early:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`The launcher did not print "${text}" within ${timeoutMs / 1000} s:\n${running.output()}`);
    await delay(250);
  }
}

/** A new data folder; the caller removes it. */
export function newDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'kasuwa-e2e-launcher-'));
}

export const SHOP_HELD = 'Amaka Fabrics';

/** Gives `dataDir` a database that already holds a shop, so the launcher seeds nothing (and starts sooner). */
export async function holdingOneShop(dataDir: string): Promise<string> {
  const database = await openPglite(path.join(dataDir, 'db'));
  await database.migrate();
  await database.db.execute(sql`
    with owner as (
      insert into users (email, username, phone_number, password_hash)
      values ('amaka@example.ng', 'amaka', '+2348031234567', 'x') returning id
    )
    insert into shops (owner_id, name, address, category, description, image)
    select id, ${SHOP_HELD}, '12 Balogun Street, Lagos', 'Fashion', 'Ankara and lace', '{"key": "x/main.jpg", "width": 800, "height": 600, "variants": []}'::jsonb
    from owner`);
  await database.close();
  return dataDir;
}

/** A launcher a failed test left running: a second signal, a second later, makes it kill its servers. */
export async function stopLaunch(running: Launch | undefined) {
  if (!running || running.child.exitCode !== null) return;
  running.child.kill('SIGTERM');
  await delay(1500);
  running.child.kill('SIGTERM');
  await running.exited;
}
