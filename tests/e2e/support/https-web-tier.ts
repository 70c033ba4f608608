import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort, ROOT, WEB_SERVER } from '#scripts/lib/product.ts';
import { testProductEnv } from './global-setup';

/**
 * A second web tier on the same API, configured as production is: its public address (WEB_URL) is
 * HTTPS, and a TLS proxy on this machine forwards to it over HTTP with `X-Forwarded-Proto: https`.
 * Requests that carry that header stand for what the proxy passes on.
 */
export async function startWebTierBehindTls(apiUrl: string) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-tls-'));
  const publicOrigin = `https://localhost:${port}`;
  const env = testProductEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_URL: publicOrigin,
    PROVIDER_URL: apiUrl.replace('localhost', '127.0.0.1'),
  });
  const child = spawn(process.execPath, [WEB_SERVER, path.join(ROOT, 'build', 'server', 'index.js')], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  const url = `http://localhost:${port}`;
  for (let tries = 0; ; tries++) {
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (tries > 120 || child.exitCode !== null) throw new Error('The second web tier did not start.');
    await delay(250);
  }
  return {
    url,
    publicOrigin,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
