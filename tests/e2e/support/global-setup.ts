import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale, freePort, type LogLine, ROOT, startProduct } from '#scripts/lib/product.ts';
import { jsModeFrom } from './js-mode';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    /** The product's DATA_DIR, where the password reset emails land (`outbox/`). */
    dataDir: string;
  }
}

// Variables that would point the product at a developer's own database or ports rather than the throwaway one.
const INHERITED_BUT_NOT_WANTED = ['DATABASE_URL', 'WEB_URL', 'PROVIDER_URL', 'API_PUBLIC_URL', 'CORS_ORIGINS', 'PORT', 'API_PORT'];

async function twoFreePorts(): Promise<[number, number]> {
  const web = await freePort();
  let api = await freePort();
  while (api === web) api = await freePort();
  return [web, api];
}

/** The environment of a product started for tests: this process's, minus what would point it elsewhere, plus `settings`. */
export function testProductEnv(settings: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_BUT_NOT_WANTED) delete env[name];
  return {
    ...env,
    HOST: '127.0.0.1',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    // Every sign-in of the suite reaches the API from this one address; the limit itself has its API tests.
    AUTH_RATE_LIMIT: env.AUTH_RATE_LIMIT ?? '1000',
    // Two web processes on any machine, so every test also crosses from one process to the other.
    WEB_WORKERS: env.WEB_WORKERS ?? '2',
    ...settings,
  };
}

/** Starts the whole product as `npm start` does, on free ports with a fresh DATA_DIR, for the e2e files to share. */
export default async function setup(project: TestProject) {
  const mode = jsModeFrom(process.env.E2E_JS);
  const logFile = path.join(ROOT, 'test-results', `e2e-js-${mode}.log`);
  await mkdir(path.dirname(logFile), { recursive: true });
  const logStream = createWriteStream(logFile);
  const log: LogLine = (tier, line) => {
    const tagged = `[${tier}] ${line}`;
    logStream.write(`${tagged}\n`);
    // CI shows only the terminal: the servers log at warn there, so what comes could explain a failure.
    process.stderr.write(`${tagged}\n`);
  };

  await buildIfStale(log);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-e2e-'));
  const [webPort, apiPort] = await twoFreePorts();
  const env = testProductEnv({ DATA_DIR: dataDir, SEED_DEMO: '1', WEB_URL: `http://localhost:${webPort}` });

  const product = startProduct({ webPort, apiPort, env, log, readyTimeoutMs: 120_000 });
  // If vitest exits without running the teardown (a crash, a second Ctrl-C), the servers must not outlive it.
  process.once('exit', product.kill);
  try {
    await product.ready;
  } catch (error) {
    logStream.end();
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message} Its log is above and in ${logFile}.`);
  }
  project.provide('webUrl', product.webUrl);
  project.provide('apiUrl', product.apiUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    await product.stop('SIGTERM');
    logStream.end();
    await rm(dataDir, { recursive: true, force: true });
  };
}
