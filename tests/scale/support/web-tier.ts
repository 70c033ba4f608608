import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort, ROOT, WEB_SERVER } from '#scripts/lib/product.ts';

export type WebTier = { url: string; child: ChildProcess; lines: string[]; exited: Promise<void>; kill(signal: NodeJS.Signals): Promise<void> };

/** The built web tier alone, as a container runs it (`node build/web-tier/web-server.js build/server/index.js`); resolves once `/healthz` answers. */
export async function startWebTier(env: Record<string, string>): Promise<WebTier> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [WEB_SERVER, path.join(ROOT, 'build', 'server', 'index.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', ...env },
  });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => lines.push(line));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const tier: WebTier = {
    url,
    child,
    lines,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  for (
    let waited = 0;
    !(await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    ));
    waited += 100
  ) {
    if (child.exitCode !== null || waited > 60_000) {
      await tier.kill('SIGKILL');
      throw new Error(`The web tier did not start:\n${lines.join('\n')}`);
    }
    await delay(100);
  }
  return tier;
}
