import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_MARKER, childrenRunning, IMAGE_WORKER_MARKER, WEB_MARKER } from '#bench/lib/memory-sampler.ts';
import { ensurePortFree } from '#scripts/lib/product.ts';
import { jsModeFrom } from './support/js-mode';
import { holdingOneShop, LAUNCH_TEST_TIMEOUT_MS, type Launch, launch, newDataDir, RUNNING, SHOP_HELD, stopLaunch, untilPrinted } from './support/launcher';
import { newOwner, shopAtApi } from './support/owners';

/** How long a killed server may take to answer again: the backoff, then starting it on a busy 2-core machine. */
const HEALED_WITHIN_MS = 30_000;

type Answer = { status: number; body: string };

/** GET `pathname` on a connection of its own (a kept-alive one could belong to a process just killed or stopped). */
function get(port: number, pathname: string): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false, timeout: 5000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve({ status: 0, body: '' }));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve({ status: 0, body: '' }));
  });
}

/** Whether `pid` still runs: a zombie has ended, its parent only has not collected it yet. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** What a visitor sees on `pathname`: 200 and the shop's name, which only the API can have given the page. */
async function showsTheShop(port: number, pathname: string): Promise<string> {
  const { status, body } = await get(port, pathname);
  return status === 200 && body.includes(SHOP_HELD) ? 'shows the shop' : `answered ${status}`;
}

// Plain HTTP and processes: nothing here depends on the browser's JavaScript, so the run without it is enough.
describe.runIf(jsModeFrom(process.env.E2E_JS) === 'off')('a product whose processes are killed heals itself', () => {
  let dataDir: string;
  let running: Launch;
  let shopPage: string;

  beforeAll(async () => {
    dataDir = await holdingOneShop(await newDataDir());
    // Every page asks the API: a copy shared from before a kill would hide whether it answers again.
    running = await launch(dataDir, { PUBLIC_CACHE_SECONDS: '0' });
    await untilPrinted(running, RUNNING);
    const shopId = /\/shop\/([0-9a-f-]{36})/.exec((await get(running.webPort, '/')).body)?.[1];
    expect(shopId).toBeDefined();
    shopPage = `/shop/${shopId}`;
  }, LAUNCH_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await stopLaunch(running);
    await rm(dataDir, { recursive: true, force: true });
  });

  const apiPid = () => childrenRunning(running.child.pid!, API_MARKER)[0];
  const webPrimaryPid = () => childrenRunning(running.child.pid!, WEB_MARKER)[0];

  test(
    'the API killed three times in a row is started again each time, later each time, and the pages that need it answer again',
    async ({ onTestFailed }) => {
      onTestFailed(() => console.error(`The launcher printed:\n${running.output()}`));
      for (const wait of ['0.5 s', '1 s', '2 s']) {
        const killed = apiPid()!;
        process.kill(killed, 'SIGKILL');
        await expect
          .poll(() => running.output(), { timeout: HEALED_WITHIN_MS })
          .toContain(`[api] The API was stopped by SIGKILL; starting it again in ${wait}.`);
        await expect.poll(() => showsTheShop(running.webPort, '/'), { timeout: HEALED_WITHIN_MS }).toBe('shows the shop');
        expect(await showsTheShop(running.webPort, shopPage)).toBe('shows the shop');
        expect(apiPid()).not.toBe(killed);
        expect(running.child.exitCode).toBeNull();
      }
    },
    3 * HEALED_WITHIN_MS,
  );

  test(
    'a web worker killed twice is replaced each time, and the new one serves the pages',
    async ({ onTestFailed }) => {
      onTestFailed(() => console.error(`The launcher printed:\n${running.output()}`));
      const primary = webPrimaryPid()!;
      for (const wait of ['0.5 s', '1 s']) {
        const before = childrenRunning(primary, WEB_MARKER);
        expect(before).toHaveLength(2);
        const [killed, survivor] = before as [number, number];
        process.kill(killed, 'SIGKILL');
        await expect.poll(() => running.output(), { timeout: HEALED_WITHIN_MS }).toContain(`A web worker was stopped by SIGKILL; starting another in ${wait}.`);
        await expect
          .poll(() => childrenRunning(primary, WEB_MARKER).filter((pid) => pid !== survivor && pid !== killed).length, { timeout: HEALED_WITHIN_MS })
          .toBe(1);
        // A stopped process takes no connections: with the survivor stopped, only the new worker can answer.
        process.kill(survivor, 'SIGSTOP');
        try {
          await expect.poll(() => showsTheShop(running.webPort, shopPage), { timeout: HEALED_WITHIN_MS }).toBe('shows the shop');
        } finally {
          process.kill(survivor, 'SIGCONT');
        }
        expect(running.child.exitCode).toBeNull();
      }
    },
    3 * HEALED_WITHIN_MS,
  );

  test(
    "the web tier's primary killed: the launcher starts the tier again, and none of the old workers is left",
    async ({ onTestFailed }) => {
      onTestFailed(() => console.error(`The launcher printed:\n${running.output()}`));
      const primary = webPrimaryPid()!;
      const workers = childrenRunning(primary, WEB_MARKER);
      process.kill(primary, 'SIGKILL');
      await expect
        .poll(() => running.output(), { timeout: HEALED_WITHIN_MS })
        .toContain('[web] The web tier was stopped by SIGKILL; starting it again in 0.5 s.');
      await expect.poll(() => workers.filter(isRunning)).toEqual([]);
      await expect.poll(() => showsTheShop(running.webPort, '/'), { timeout: HEALED_WITHIN_MS }).toBe('shows the shop');
      expect(webPrimaryPid()).not.toBe(primary);
      expect(running.child.exitCode).toBeNull();
    },
    2 * HEALED_WITHIN_MS,
  );

  test('after healing, a shop with a photo can be created, and SIGTERM then stops every process, the image worker included', async () => {
    const apiUrl = `http://127.0.0.1:${running.apiPort}`;
    const shop = await shopAtApi(apiUrl, await newOwner(apiUrl), 'Healed Corner');
    expect((await get(running.webPort, `/shop/${shop.id}`)).body).toContain('Healed Corner');

    const api = apiPid()!;
    const primary = webPrimaryPid()!;
    // The photo started the API's image worker, which waits a while for more before it ends.
    const imageWorker = childrenRunning(api, IMAGE_WORKER_MARKER);
    expect(imageWorker).toHaveLength(1);
    const every = [api, primary, ...childrenRunning(primary, WEB_MARKER), ...imageWorker];
    expect(every).toHaveLength(5);

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(running.output()).toContain('Kasuwa stopped.');
    await expect.poll(() => every.filter(isRunning)).toEqual([]);
    await ensurePortFree(running.webPort, 'PORT');
    await ensurePortFree(running.apiPort, 'API_PORT');
  }, 60_000);
});
