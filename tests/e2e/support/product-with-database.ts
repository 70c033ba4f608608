import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort, ROOT, WEB_SERVER } from '#scripts/lib/product.ts';
import { startTestApi } from '#tests/api/support/harness.ts';
import { testProductEnv } from './global-setup';

/** How long this product's web tier shares the provider's public lists. */
const SHARED_LISTS_MS = 1000;

/**
 * An API running in this process, its database at hand, and a web tier of its own in front of it: for a
 * test that must change what only the database can, such as moving an ad's end into the past. The
 * suite's shared product keeps its embedded database to itself. `apiEnv` adds to the API's settings.
 */
export async function startProductWithDatabase({ apiEnv = {} }: { apiEnv?: Record<string, string> } = {}) {
  const port = await freePort();
  const webUrl = `http://localhost:${port}`;
  // The API's public address is where the browser is sent to pay (the simulator's checkout).
  const apiPort = await freePort();
  const api = await startTestApi({ listen: true, port: apiPort, env: { WEB_URL: webUrl, API_PUBLIC_URL: `http://127.0.0.1:${apiPort}`, ...apiEnv } });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-own-web-'));
  // One web process: what these tests change lives in the database, not in a process. Changes made there
  // bypass the site, so pages show them once the lists the web tier shares have expired: kept short.
  const env = testProductEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_URL: webUrl,
    PROVIDER_URL: api.url,
    WEB_WORKERS: '1',
    PUBLIC_CACHE_SECONDS: String(SHARED_LISTS_MS / 1000),
  });
  const child = spawn(process.execPath, [WEB_SERVER, path.join(ROOT, 'build', 'server', 'index.js')], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await api.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    const healthy = await fetch(`${webUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (tries > 120 || child.exitCode !== null) {
      await stop();
      throw new Error('The web tier in front of the test API did not start.');
    }
    await delay(250);
  }
  return { api, webUrl, stop, sharedListsMs: SHARED_LISTS_MS };
}
