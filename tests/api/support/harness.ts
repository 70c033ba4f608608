import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { SmsSender } from '#server/sms/sms-sender.ts';

export type TestApi = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  dataDir: string;
  /** The fresh PostgreSQL database's URL; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** Base URL when started with `listen: true`. */
  url: string;
  /** The log's lines, parsed, when started with `keepLogs: true`. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
};

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the PostgreSQL
 * server of `DATABASE_URL` (CI runs the API suite on both).
 */
export async function freshDatabase(): Promise<{ database: Database; url: string | undefined; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite(undefined);
    return { database, url: undefined, drop: async () => {} };
  }
  const name = `kasuwa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** initdb and the migrations once per worker; each file's embedded database then starts as a copy, seconds sooner. */
let migratedImage: Promise<Blob> | undefined;

async function migratedDatabase(): Promise<Awaited<ReturnType<typeof freshDatabase>>> {
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase();
    await fresh.database.migrate();
    return fresh;
  }
  migratedImage ??= migratedCopy().catch((error) => {
    migratedImage = undefined;
    throw error;
  });
  return { database: await openPglite(undefined, await migratedImage), url: undefined, drop: async () => {} };
}

async function migratedCopy(): Promise<Blob> {
  const template = await openPglite(undefined);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-template-'));
  try {
    await template.migrate();
    const file = path.join(folder, 'database.tar.gz');
    await template.snapshot(file, async () => undefined);
    return new Blob([gunzipSync(await readFile(file))]);
  } finally {
    await template.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/** Below the hook timeout: a close that hangs names its step and the connections still open, not just the hook. */
const CLOSE_STEP_MS = 45_000;

async function bounded(step: string, work: Promise<unknown>, app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      app.server.getConnections((_error, open) => reject(new Error(`${step} did not finish in ${CLOSE_STEP_MS / 1000} s (${open} connections open)`)));
    }, CLOSE_STEP_MS);
  });
  try {
    await Promise.race([work, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

type TestApiOptions = {
  listen?: boolean;
  /** The port to listen on; any free one when not given. */
  port?: number;
  env?: Record<string, string>;
  storage?: (root: string) => MediaStorage;
  /** In place of the file outbox, with the pauses between its retries. */
  mailer?: Mailer;
  mailRetryDelaysMs?: readonly number[];
  /** In place of the file outbox of text messages, with the pauses between its retries. */
  smsSender?: SmsSender;
  smsRetryDelaysMs?: readonly number[];
  clock?: () => Date;
  /** Keeps what the API logs at `info` and above in `logs`, for tests of what it writes there. */
  keepLogs?: boolean;
};

/**
 * What log lines say, as one string, without the clock, process id and timings: numbers that may
 * hold a secret's digits by chance.
 */
export function loggedWords(lines: readonly Record<string, unknown>[]): string {
  return JSON.stringify(lines.map(({ time, pid, responseTime, ...said }) => said));
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-api-'));
  const logLevel = options.keepLogs ? 'info' : 'silent';
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: logLevel, AUTH_RATE_LIMIT: '10000', SEED_DEMO: '0', ...options.env });
  const logs: Record<string, unknown>[] = [];
  const kept = { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) };
  const { database, url: databaseUrl, drop } = await migratedDatabase();
  const storage = options.storage?.(path.join(dataDir, 'media'));
  const app = await buildApp({
    config,
    database,
    storage,
    mailer: options.mailer,
    mailRetryDelaysMs: options.mailRetryDelaysMs,
    smsSender: options.smsSender,
    smsRetryDelaysMs: options.smsRetryDelaysMs,
    clock: options.clock,
    logger: options.keepLogs ? kept : process.env.DEBUG_API === '1',
  });
  let url = '';
  if (options.listen) {
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  } else {
    await app.ready();
  }
  return {
    app,
    config,
    database,
    dataDir,
    databaseUrl,
    url,
    logs,
    async close() {
      const closing = app.close();
      // The tests are over: a connection still open (a request left half sent) must not hold the close for the hour a request may take.
      app.server.closeAllConnections();
      await bounded('app.close()', closing, app);
      await bounded('database.close()', database.close(), app);
      await bounded('dropping the test database', drop(), app);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
