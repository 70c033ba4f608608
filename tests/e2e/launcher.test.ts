import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WEB_MARKER, childrenRunning } from '../../bench/lib/memory-sampler';
import { ROOT, ensurePortFree, freePort } from '../../scripts/lib/product';
import { STEADY_AFTER_MS } from '../../scripts/web-tier/workers';
import { openPglite } from '../../server/db/client';
import { DEMO_OWNER } from '../../server/db/demo-owner';
import { connectionsHeld } from './support/connections';
import { testProductEnv } from './support/global-setup';
import { jsModeFrom } from './support/js-mode';

const DEMO_LINE = `Demo owner  username ${DEMO_OWNER.username} or email ${DEMO_OWNER.email}, password ${DEMO_OWNER.password}`;
const RUNNING = 'Press Ctrl-C to stop.';
/** Migrating, seeding 30 shops with photos and starting two servers, on a busy 2-core machine. */
const LAUNCH_TEST_TIMEOUT_MS = 240_000;

const dataDirs: string[] = [];

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

type Outcomes = { answered: number; failed: number; hung: number };

/**
 * Asks for /healthz from `loops` clients at once, each request on a connection of its own (as new
 * visitors come), until `stop` aborts: how many were answered, failed at once, or hung past 3 s.
 */
async function askThroughout(port: number, stop: AbortSignal, loops = 4): Promise<Outcomes> {
  const outcomes: Outcomes = { answered: 0, failed: 0, hung: 0 };
  const ask = () =>
    new Promise<void>((resolve) => {
      let settled = false;
      const settle = (outcome: keyof Outcomes) => {
        if (settled) return;
        settled = true;
        outcomes[outcome] += 1;
        resolve();
      };
      const request = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false, timeout: 3000 }, (response) => {
        response.resume();
        response.on('end', () => settle(response.statusCode === 200 ? 'answered' : 'failed'));
        response.on('error', () => settle('failed'));
      });
      request.on('timeout', () => {
        settle('hung');
        request.destroy();
      });
      request.on('error', () => settle('failed'));
    });
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (!stop.aborted) await ask();
    }),
  );
  return outcomes;
}

async function untilPrinted(running: Launch, text: string, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (!running.output().includes(text)) {
    if (running.child.exitCode !== null) throw new Error(`The launcher exited early:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`The launcher did not print "${text}" within ${timeoutMs / 1000} s:\n${running.output()}`);
    await delay(250);
  }
}

/** A new data folder, removed again after the file's tests. */
async function newDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-e2e-launcher-'));
  dataDirs.push(dataDir);
  return dataDir;
}

/** A data folder whose database already holds a shop, so the launcher seeds nothing (and starts sooner). */
async function holdingOneShop(): Promise<string> {
  const dataDir = await newDataDir();
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
  return dataDir;
}

/** A launcher a failed test left running: a second signal, a second later, makes it kill its servers. */
async function stop(running: Launch | undefined) {
  if (!running || running.child.exitCode !== null) return;
  running.child.kill('SIGTERM');
  await delay(1500);
  running.child.kill('SIGTERM');
  await running.exited;
}

/** Ctrl-C, as a terminal sends it; resolves with the launcher's exit code. */
async function pressCtrlC(running: Launch): Promise<number | null> {
  running.child.kill('SIGINT');
  return running.exited;
}

// The launcher is the same whatever the browser does, so one of the two e2e runs is enough: the one
// without JavaScript, the shorter.
describe.runIf(jsModeFrom(process.env.E2E_JS) === 'off')('the launcher (npm start)', () => {
  let fresh: Launch | undefined;

  afterAll(async () => {
    await stop(fresh);
    await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  });

  test('on a fresh data folder it prints both addresses and the demo login, and Ctrl-C stops both servers', async () => {
    fresh = await launch(await newDataDir());
    await untilPrinted(fresh, RUNNING);

    expect(fresh.output()).toContain(`Web  http://localhost:${fresh.webPort}`);
    expect(fresh.output()).toContain(`API  http://localhost:${fresh.apiPort}  (reference: http://localhost:${fresh.apiPort}/openapi.json)`);
    expect(fresh.output()).toContain(DEMO_LINE);
    expect((await fetch(`http://127.0.0.1:${fresh.webPort}/healthz`)).status).toBe(200);

    expect(await pressCtrlC(fresh)).toBe(0);
    expect(fresh.output()).toContain('Kasuwa stopped.');
    await ensurePortFree(fresh.webPort, 'PORT');
    await ensurePortFree(fresh.apiPort, 'API_PORT');
  }, LAUNCH_TEST_TIMEOUT_MS);

  // One start serves both tests: with a shop already there it seeds nothing, so it is the quick one.
  describe('on a database that already held shops', () => {
    let settled: Launch;
    let runningSince: number;

    beforeAll(async () => {
      settled = await launch(await holdingOneShop());
      await untilPrinted(settled, RUNNING);
      runningSince = Date.now();
    }, LAUNCH_TEST_TIMEOUT_MS);

    afterAll(async () => {
      await stop(settled);
    });

    test('nothing is seeded and no demo login is printed', () => {
      expect(settled.output()).toContain(`Web  http://localhost:${settled.webPort}`);
      expect(settled.output()).not.toContain('Demo owner');
    });

    test('keep-alive connections that all reached one web process are spread over both', async () => {
      const [primary] = childrenRunning(settled.child.pid!, WEB_MARKER);
      const workers = childrenRunning(primary!, WEB_MARKER);
      expect(workers).toHaveLength(2);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
      const ask = () =>
        new Promise<void>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port: settled.webPort, path: '/healthz', agent }, (response) => {
              response.resume();
              response.on('end', resolve);
            })
            .on('error', reject);
        });
      try {
        // A stopped process cannot take connections: all 40 go to the other one, as a burst sometimes does.
        process.kill(workers[0]!, 'SIGSTOP');
        try {
          await Promise.all(Array.from({ length: 40 }, ask));
          // The launcher's own health checks may hold a connection or two besides ours.
          expect(connectionsHeld(workers, settled.webPort)[1]).toBeGreaterThanOrEqual(40);
        } finally {
          process.kill(workers[0]!, 'SIGCONT');
        }
        // Each of the 40 clients keeps asking: the busy process closes some, and they come back to the other.
        const until = Date.now() + 4000;
        await Promise.all(
          Array.from({ length: 40 }, async () => {
            while (Date.now() < until) await ask();
          }),
        );
        const [first, second] = connectionsHeld(workers, settled.webPort);
        expect(first! + second!).toBeGreaterThanOrEqual(40);
        expect(Math.min(first!, second!)).toBeGreaterThanOrEqual(10);
      } finally {
        agent.destroy();
      }
    });

    test('a web process that dies is replaced; visitors arriving meanwhile are answered or refused at once, never left waiting', async ({ onTestFailed }) => {
      onTestFailed(() => console.error(`The launcher printed:\n${settled.output()}`));
      const [primary] = childrenRunning(settled.child.pid!, WEB_MARKER);
      const workers = childrenRunning(primary!, WEB_MARKER);
      expect(workers).toHaveLength(2);
      // A worker that dies sooner is taken for one that cannot start, and the web tier stops instead.
      await delay(Math.max(0, runningSince + STEADY_AFTER_MS + 500 - Date.now()));

      // New visitors keep coming as the process dies: those it was serving may fail, none may hang.
      const killedAndNoticed = new AbortController();
      const asked = askThroughout(settled.webPort, killedAndNoticed.signal);
      await delay(500);
      process.kill(workers[0]!, 'SIGKILL');

      await expect.poll(() => settled.output(), { timeout: 30_000 }).toContain('A web worker was stopped by SIGKILL; starting another.');
      await delay(1000);
      killedAndNoticed.abort();
      const outcomes = await asked;
      expect(outcomes.answered).toBeGreaterThan(0);
      expect(outcomes.hung).toBe(0);
      await expect.poll(() => childrenRunning(primary!, WEB_MARKER).filter((pid) => pid !== workers[0]).length, { timeout: 30_000 }).toBe(2);
      const healthy = () =>
        fetch(`http://127.0.0.1:${settled.webPort}/healthz`, { signal: AbortSignal.timeout(2000) }).then((response) => response.status, () => 0);
      // Loading the build takes the new process a few seconds, more on a busy machine.
      await expect.poll(healthy, { timeout: 60_000 }).toBe(200);
      for (let asked = 0; asked < 10; asked += 1) expect(await healthy()).toBe(200);
    }, LAUNCH_TEST_TIMEOUT_MS);

    test('Ctrl-C then stops it cleanly', async () => {
      expect(await pressCtrlC(settled)).toBe(0);
      expect(settled.output()).toContain('Kasuwa stopped.');
    });
  });
});
