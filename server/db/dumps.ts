import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, openAsBlob, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type SnapshotQuery = (text: string) => Promise<Record<string, unknown>[]>;

/** Its message is for the person at the terminal. */
export class DumpError extends Error {}

/** PGlite's transaction holds every other statement back, so the files match what `read` saw; compressed after it. */
export async function dumpPglite<T>(client: PGlite, file: string, read: (query: SnapshotQuery) => Promise<T>): Promise<T> {
  const { found, dump } = await client.transaction(async (tx) => {
    const found = await read(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
    return { found, dump: await client.dumpDataDir('none') };
  });
  await pipeline(Readable.fromWeb(dump.stream() as ReadableStream), createGzip(), createWriteStream(file, { flags: 'wx' }));
  return found;
}

export async function loadPglite(dir: string, file: string): Promise<void> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const tar = `${file}.tar`;
  await pipeline(createReadStream(file), createGunzip(), createWriteStream(tar, { flags: 'wx' }));
  try {
    const client = await PGlite.create(dir, { loadDataDir: await openAsBlob(tar), extensions: { pg_trgm } });
    await client.close();
  } finally {
    await rm(tar, { force: true });
  }
}

/** On the PATH, else the newest of Debian's versioned folders. */
function postgresProgram(name: string): string {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name));
  const root = '/usr/lib/postgresql';
  const versioned = existsSync(root)
    ? readdirSync(root)
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => path.join(root, major, 'bin', name))
    : [];
  const found = [...onPath, ...versioned].find((candidate) => existsSync(candidate));
  if (!found) {
    throw new DumpError(`${name} was not found. Install PostgreSQL's client programs (Debian: postgresql-client) of your server's version or newer.`);
  }
  return found;
}

/** The password goes in its environment, where other users' `ps` cannot see it. */
async function runPostgresProgram(name: string, url: string, args: string[]): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const child = spawn(postgresProgram(name), [...args, `--dbname=${target}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
  // 'close': after its error output has all been read.
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new DumpError(`${name} failed (exit code ${code}):\n${errors.trim()}`);
}

/** pg_dump reads the snapshot this transaction exported, so the dump and `read` see the same moment. */
export async function dumpPostgres<T>(pool: pg.Pool, url: string, file: string, read: (query: SnapshotQuery) => Promise<T>): Promise<T> {
  const session = await pool.connect();
  try {
    await session.query('begin isolation level repeatable read read only');
    const { rows } = await session.query<{ id: string }>('select pg_export_snapshot() as id');
    const found = await read(async (text) => (await session.query(text)).rows);
    await runPostgresProgram('pg_dump', url, ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${file}`]);
    await session.query('commit');
    return found;
  } finally {
    // A failed dump leaves the transaction open: closing the connection ends it.
    session.release(true);
  }
}

export function loadPostgres(url: string, file: string): Promise<void> {
  // Objects owned by whoever restores; comments left out, since only an extension's owner may set its comment.
  return runPostgresProgram('pg_restore', url, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', '--no-comments', file]);
}

export async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    return rows[0]!.count === 0;
  } finally {
    await client.end();
  }
}
