import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { childrenRunning, WEB_MARKER } from '#bench/lib/memory-sampler.ts';
import { ensurePortFree, freePort, MALLOC_SETTINGS, ROOT, WEB_HEAP_FLAGS, WEB_SERVER } from '#scripts/lib/product.ts';
import { DEMO_OWNER } from '#server/db/demo-owner.ts';
import { connectionsHeld } from './support/connections';
import { testProductEnv } from './support/global-setup';
import { jsModeFrom } from './support/js-mode';
import { holdingOneShop, LAUNCH_TEST_TIMEOUT_MS, type Launch, launch, linesOf, newDataDir, RUNNING, stopLaunch, untilPrinted } from './support/launcher';

const DEMO_LINE = `Demo owner  username ${DEMO_OWNER.username} or email ${DEMO_OWNER.email}, password ${DEMO_OWNER.password}`;

const dataDirs: string[] = [];

/** A new data folder, removed again after the file's tests. */
async function ownDataDir(): Promise<string> {
  const dataDir = await newDataDir();
  dataDirs.push(dataDir);
  return dataDir;
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
    await stopLaunch(fresh);
    await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  });

  test(
    'on a fresh data folder it prints both addresses and the demo login, and Ctrl-C stops both servers',
    async () => {
      fresh = await launch(await ownDataDir());
      await untilPrinted(fresh, RUNNING);

      expect(fresh.output()).toContain(`Web  http://localhost:${fresh.webPort}`);
      expect(fresh.output()).toContain(`API  http://localhost:${fresh.apiPort}  (reference: http://localhost:${fresh.apiPort}/openapi.json)`);
      expect(fresh.output()).toContain(DEMO_LINE);
      expect(fresh.output()).toMatch(/^ {2}Emails {2}saved as \.eml files in .*outbox\/ \(SMTP_URL sends them\)$/m);
      expect(fresh.output()).toContain('  Moderators  npm run moderator -- grant <email> (docs/deploying.md#moderators)');
      expect((await fetch(`http://127.0.0.1:${fresh.webPort}/healthz`)).status).toBe(200);

      expect(await pressCtrlC(fresh)).toBe(0);
      expect(fresh.output()).toContain('Kasuwa stopped.');
      await ensurePortFree(fresh.webPort, 'PORT');
      await ensurePortFree(fresh.apiPort, 'API_PORT');
    },
    LAUNCH_TEST_TIMEOUT_MS,
  );

  test(
    'a bad setting at the first start ends npm start with its message, and nothing is started again',
    async () => {
      const failing = await launch(await ownDataDir(), { JWT_SECRET: 'too-short' });
      expect(await failing.exited).toBe(1);
      expect(failing.output()).toContain('JWT_SECRET: must be at least 32 characters');
      expect(failing.output()).toContain('Kasuwa could not start: The API exited with code 1 before it was ready. Its log is above.');
      expect(failing.output()).not.toContain('starting it again');
      await ensurePortFree(failing.webPort, 'PORT');
    },
    LAUNCH_TEST_TIMEOUT_MS,
  );

  test(
    'in a terminal both servers print one short readable line per event, and none per request',
    async () => {
      const running = await launch(await holdingOneShop(await ownDataDir()), { LOG_LEVEL: 'info' }, { terminal: true });
      try {
        await untilPrinted(running, RUNNING);
        // The first web process answers before the second listens; the tier's line waits for both.
        await untilPrinted(running, 'Kasuwa web tier on');
        expect((await fetch(`http://127.0.0.1:${running.webPort}/`)).status).toBe(200);
        expect((await fetch(`http://127.0.0.1:${running.apiPort}/shops`)).status).toBe(200);
        // Ctrl-C typed at the terminal; the API's last line comes after every request's.
        running.child.stdin!.write('\x03');
        expect(await running.exited).toBe(0);
      } finally {
        await stopLaunch(running);
      }

      const lines = linesOf('api', running.output());
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: Server listening at http:\/\/127\.0\.0\.1:\d+$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: stopping: no new connections/));
      for (const line of lines) expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] (INFO|WARN): \S/);
      expect(lines.join('\n')).not.toMatch(/\/shops|request completed/);
      const web = linesOf('web', running.output());
      expect(web).toContainEqual(expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: Kasuwa web tier on http:/));
      for (const line of web) expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] (INFO|WARN): \S/);
      expect(web.join('\n')).not.toMatch(/GET \/|request completed/);
    },
    LAUNCH_TEST_TIMEOUT_MS,
  );

  test('a web tier whose workers die as it first starts stops with its message rather than starting more', async () => {
    const port = await freePort();
    const dataDir = await ownDataDir();
    // A build that cannot be loaded: every worker dies before it listens.
    const tier = spawn(process.execPath, [WEB_SERVER, `${dataDir}/no-build.js`], {
      cwd: ROOT,
      env: testProductEnv({ PORT: String(port), DATA_DIR: dataDir, WEB_WORKERS: '2' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [tier.stdout!, tier.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const [code] = (await once(tier, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(output).toContain('A web worker exited with code 1 as it started; stopping the web tier.');
      expect(output).not.toContain('starting another');
    } finally {
      if (tier.exitCode === null) tier.kill('SIGKILL');
    }
  }, 60_000);

  // One start serves both tests: with a shop already there it seeds nothing, so it is the quick one.
  describe('on a database that already held shops', () => {
    let settled: Launch;

    beforeAll(async () => {
      settled = await launch(await holdingOneShop(await ownDataDir()), { LOG_LEVEL: 'info' });
      await untilPrinted(settled, RUNNING);
    }, LAUNCH_TEST_TIMEOUT_MS);

    afterAll(async () => {
      await stopLaunch(settled);
    });

    test('nothing is seeded and no demo login is printed', () => {
      expect(settled.output()).toContain(`Web  http://localhost:${settled.webPort}`);
      expect(settled.output()).not.toContain('Demo owner');
    });

    test('into a pipe the API prints JSON lines, and none per request at the default level', async () => {
      expect((await fetch(`http://127.0.0.1:${settled.apiPort}/shops`)).status).toBe(200);
      // The line of a request would come once it is answered: give it time to arrive.
      await delay(1000);

      const entries = linesOf('api', settled.output()).map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(entries).toContainEqual(expect.objectContaining({ level: 30, msg: expect.stringMatching(/^Server listening at /) }));
      expect(entries.filter((entry) => entry.level < 30 || entry.msg === 'request completed')).toEqual([]);
    });

    test('every web process runs under the web tier’s heap limits and glibc settings', () => {
      const [primary] = childrenRunning(settled.child.pid!, WEB_MARKER);
      const processes = [primary!, ...childrenRunning(primary!, WEB_MARKER)];
      expect(processes).toHaveLength(3);
      const malloc = Object.entries(MALLOC_SETTINGS).map(([name, value]) => `${name}=${value}`);
      for (const pid of processes) {
        expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toEqual(expect.arrayContaining(WEB_HEAP_FLAGS));
        expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toEqual(expect.arrayContaining(malloc));
      }
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
          // All went to the running process, which may already be closing some on a slow machine; the
          // launcher's own health checks may hold a connection or two on the stopped one.
          expect(connectionsHeld(workers, settled.webPort)[0]).toBeLessThanOrEqual(2);
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
        // A client whose connection the balancer closed with its last answer holds none until it asks again.
        for (let settle = Date.now() + 2000; Date.now() < settle; ) {
          const [first, second] = connectionsHeld(workers, settled.webPort);
          if (first! + second! >= 40) break;
          await Promise.all(Array.from({ length: 40 }, ask));
        }
        const [first, second] = connectionsHeld(workers, settled.webPort);
        expect(first! + second!).toBeGreaterThanOrEqual(40);
        expect(Math.min(first!, second!)).toBeGreaterThanOrEqual(10);
      } finally {
        agent.destroy();
      }
    });

    test(
      'a web process that dies is replaced; visitors arriving meanwhile are answered or refused at once, never left waiting',
      async ({ onTestFailed }) => {
        onTestFailed(() => console.error(`The launcher printed:\n${settled.output()}`));
        const [primary] = childrenRunning(settled.child.pid!, WEB_MARKER);
        const workers = childrenRunning(primary!, WEB_MARKER);
        expect(workers).toHaveLength(2);

        // New visitors keep coming as the process dies: those it was serving may fail, none may hang.
        const killedAndNoticed = new AbortController();
        const asked = askThroughout(settled.webPort, killedAndNoticed.signal);
        await delay(500);
        process.kill(workers[0]!, 'SIGKILL');

        await expect.poll(() => settled.output(), { timeout: 30_000 }).toContain('A web worker was stopped by SIGKILL; starting another in ');
        await delay(1000);
        killedAndNoticed.abort();
        const outcomes = await asked;
        expect(outcomes.answered).toBeGreaterThan(0);
        expect(outcomes.hung).toBe(0);
        await expect.poll(() => childrenRunning(primary!, WEB_MARKER).filter((pid) => pid !== workers[0]).length, { timeout: 30_000 }).toBe(2);
        const healthy = () =>
          fetch(`http://127.0.0.1:${settled.webPort}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
            (response) => response.status,
            () => 0,
          );
        // Loading the build takes the new process a few seconds, more on a busy machine.
        await expect.poll(healthy, { timeout: 60_000 }).toBe(200);
        for (let asked = 0; asked < 10; asked += 1) expect(await healthy()).toBe(200);
      },
      LAUNCH_TEST_TIMEOUT_MS,
    );

    test('Ctrl-C then stops it cleanly', async () => {
      expect(await pressCtrlC(settled)).toBe(0);
      expect(settled.output()).toContain('Kasuwa stopped.');
    });
  });
});
