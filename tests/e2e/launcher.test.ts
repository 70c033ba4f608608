import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ROOT, ensurePortFree, freePort } from '../../scripts/lib/product';
import { openPglite } from '../../server/db/client';
import { DEMO_OWNER } from '../../server/db/demo-owner';
import { testProductEnv } from './support/global-setup';
import { jsModeFrom } from './support/js-mode';

const DEMO_LINE = `Demo owner  username ${DEMO_OWNER.username} or email ${DEMO_OWNER.email}, password ${DEMO_OWNER.password}`;
const RUNNING = 'Press Ctrl-C to stop.';
/** Migrating, seeding 30 shops with photos and starting two servers, on a busy 2-core machine. */
const LAUNCH_TEST_TIMEOUT_MS = 240_000;

type Launch = { child: ChildProcess; output: () => string; exited: Promise<number | null>; webPort: number; apiPort: number };

/** `npm start` as a newcomer runs it, on free ports and `dataDir`. */
async function launch(dataDir: string): Promise<Launch> {
  const webPort = await freePort();
  let apiPort = await freePort();
  while (apiPort === webPort) apiPort = await freePort();
  const env = testProductEnv({ DATA_DIR: dataDir, PORT: String(webPort), API_PORT: String(apiPort), SEED_DEMO: '' });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited, webPort, apiPort };
}

async function untilPrinted(running: Launch, text: string, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (!running.output().includes(text)) {
    if (running.child.exitCode !== null) throw new Error(`The launcher exited early:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`The launcher did not print "${text}" within ${timeoutMs / 1000} s:\n${running.output()}`);
    await delay(250);
  }
}

/** Ctrl-C, as a terminal sends it; resolves with the launcher's exit code. */
async function pressCtrlC(running: Launch): Promise<number | null> {
  running.child.kill('SIGINT');
  return running.exited;
}

// The launcher is the same whatever the browser does, so one of the two e2e runs is enough: the one
// without JavaScript, the shorter.
describe.runIf(jsModeFrom(process.env.E2E_JS) === 'off')('the launcher (npm start)', () => {
  let dataDir: string;
  let running: Launch | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-e2e-launcher-'));
  });

  afterEach(async () => {
    // A failed test must not leave servers behind: a second signal, a second later, makes the launcher kill them.
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await delay(1500);
      running.child.kill('SIGTERM');
      await running.exited;
    }
    running = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  test('on a fresh data folder it prints both addresses and the demo login, and Ctrl-C stops both servers', async () => {
    running = await launch(dataDir);
    await untilPrinted(running, RUNNING);

    expect(running.output()).toContain(`Web  http://localhost:${running.webPort}`);
    expect(running.output()).toContain(`API  http://localhost:${running.apiPort}  (reference: http://localhost:${running.apiPort}/openapi.json)`);
    expect(running.output()).toContain(DEMO_LINE);
    expect((await fetch(`http://127.0.0.1:${running.webPort}/healthz`)).status).toBe(200);

    expect(await pressCtrlC(running)).toBe(0);
    expect(running.output()).toContain('Kasuwa stopped.');
    await ensurePortFree(running.webPort, 'PORT');
    await ensurePortFree(running.apiPort, 'API_PORT');
  }, LAUNCH_TEST_TIMEOUT_MS);

  test('with a database that already held shops, nothing is seeded and no demo login is printed', async () => {
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.migrate();
    await database.db.execute(sql`
      with owner as (
        insert into users (email, username, phone_number, password_hash)
        values ('amaka@example.ng', 'amaka', '+2348031234567', 'x') returning id
      )
      insert into shops (owner_id, name, address, category, description, image)
      select id, 'Amaka Fabrics', '12 Balogun Street, Lagos', 'Fashion', 'Ankara and lace', '{"main": "x/main.jpg", "variants": []}'::jsonb
      from owner`);
    await database.close();

    running = await launch(dataDir);
    await untilPrinted(running, RUNNING);

    expect(running.output()).toContain(`Web  http://localhost:${running.webPort}`);
    expect(running.output()).not.toContain('Demo owner');
    expect(await pressCtrlC(running)).toBe(0);
  }, LAUNCH_TEST_TIMEOUT_MS);
});
