import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { API_ENTRY, buildServersIfStale, freePort, ROOT } from '#scripts/lib/product.ts';

const START_TIMEOUT_MS = 60_000;

export type ApiProcess = {
  url: string;
  /** Resident memory now and its peak since start, in bytes, from /proc (Linux). */
  memory(): { rss: number; peak: number };
  stop(): Promise<void>;
};

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/**
 * The API as production runs it (its bundle, as `npm start` starts it), in its own process, so its
 * memory is measured apart from the load generator's.
 */
export async function startApiProcess(options: { dataDir: string; databaseUrl: string | undefined; env?: Record<string, string> }): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  await buildServersIfStale();
  const child = spawn(process.execPath, [API_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      API_PORT: String(port),
      HOST: '127.0.0.1',
      API_PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // Ten owners sign up for the upload test; the default limit is for people, not benchmarks.
      AUTH_RATE_LIMIT: '100000',
      ...options.env,
    },
  });
  const exited = once(child, 'exit');

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode} while starting`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the API did not answer /healthz within a minute');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    memory: () => memoryOf(child.pid!),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
