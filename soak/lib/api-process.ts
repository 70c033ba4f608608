import { type ChildProcess, spawn } from 'node:child_process';
import readline from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { API_ENTRY, buildServersIfStale, ROOT } from '#scripts/lib/product.ts';

/** The API alone, as `npm start` runs it, so a run can SIGKILL it and start it again on the same data. */
export type ApiProcess = {
  url: string;
  child: ChildProcess;
  /** Every line the process printed, in order. */
  lines: string[];
  exited: Promise<void>;
  /** Resolves with the line once one matches `pattern` (already printed ones count), or rejects after `timeoutMs`. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  kill(signal: NodeJS.Signals): Promise<void>;
};

export type ApiOptions = {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  readyTimeoutMs?: number;
  /** More variables, or other values for the ones above (the multi-instance tests give REDIS_URL, S3_…). */
  env?: Record<string, string>;
};

/** Starts the API's bundle and resolves once `/healthz` answers; rejects with its output if it dies or stays silent. */
export async function startApi(options: ApiOptions): Promise<ApiProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  await buildServersIfStale();
  const child = spawn(process.execPath, [API_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      API_PORT: String(options.port),
      HOST: '127.0.0.1',
      API_PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      MALLOC_ARENA_MAX: '2',
      ...options.env,
    },
  });
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream!, crlfDelay: Infinity }).on('line', (line) => {
      lines.push(line);
      for (const listener of listeners) listener(line);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const api: ApiProcess = {
    url,
    child,
    lines,
    exited,
    waitForLine(pattern, timeoutMs) {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`the API printed no line matching ${pattern} within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        const listener = (line: string) => {
          if (!pattern.test(line)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(line);
        };
        listeners.add(listener);
      });
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the API exited (${child.exitCode ?? child.signalCode}) while starting:\n${lines.slice(-20).join('\n')}`);
    }
    const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return api;
    if (Date.now() > deadline) {
      await api.kill('SIGKILL');
      throw new Error(`the API did not answer /healthz in time:\n${lines.slice(-20).join('\n')}`);
    }
    await delay(100);
  }
}
