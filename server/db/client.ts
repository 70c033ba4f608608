import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { dumpPglite, dumpPostgres, type SnapshotQuery } from './dumps';
import { reuseStatements } from './pglite-statements';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations, one instance at a time: others started at the same moment wait, then find nothing to do. */
  migrate(): Promise<void>;
  /** Runs `work` holding the advisory lock `name`, after whoever holds it now (on any instance) is done. */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Runs `work` holding the advisory lock `name` unless another instance holds it now; then answers undefined. */
  ifFree<T>(name: string, work: () => Promise<T>): Promise<T | undefined>;
  /** Writes the whole database to `file` as it was at one moment, and answers what `read` found then. */
  snapshot<T>(file: string, read: (query: SnapshotQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

type Queryable = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/** Session advisory locks live with their connection, so a dead instance's lock frees itself. */
async function withAdvisoryLock<T>(session: Queryable, name: string, wait: boolean, work: () => Promise<T>): Promise<T | undefined> {
  if (wait) {
    await session.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
  } else {
    const { rows } = await session.query('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [name]);
    if (!(rows[0] as { locked: boolean }).locked) return undefined;
  }
  try {
    return await work();
  } finally {
    await session.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
  }
}

const MIGRATE_LOCK = 'kasuwa:migrate';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** In a short-lived child: the WebAssembly memory PGlite creates its files with would stay in the API. */
async function createPgliteFiles(dir: string, startParams: string[]): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const create = `const { PGlite } = await import(${JSON.stringify(pglite)});
    const db = await PGlite.create(${JSON.stringify(dir)}, { startParams: ${JSON.stringify(startParams)} });
    await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '--eval', create], { stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`Creating the embedded database in ${dir} failed (exit code ${code}).`);
}

/** V8's optimised second copy of PGlite's WebAssembly costs memory for no gain; must run before PGlite loads. */
function keepWebAssemblyInBaselineCode() {
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * In memory when `dir` is undefined, started from `copyOf` (an uncompressed `snapshot`, so without initdb) when
 * given; PGlite is loaded only here, so an API on PostgreSQL does not carry it.
 */
export async function openPglite(dir: string | undefined, copyOf?: Blob): Promise<Database> {
  keepWebAssemblyInBaselineCode();
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // Shared buffers all stay resident in PGlite's WebAssembly memory.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
  if (dir) {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await createPgliteFiles(dir, startParams);
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, startParams, loadDataDir: copyOf });
  reuseStatements(client);
  const db = drizzlePglite({ client, schema });
  const locked = <T>(name: string, wait: boolean, work: () => Promise<T>) => withAdvisoryLock(client, name, wait, work);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => void (await locked(MIGRATE_LOCK, true, () => migratePglite(db, { migrationsFolder }))),
    exclusively: async (name, work) => (await locked(name, true, work)) as Awaited<ReturnType<typeof work>>,
    ifFree: (name, work) => locked(name, false, work),
    snapshot: (file, read) => dumpPglite(client, file, read),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  // The lock is held on a connection of its own; the work uses the pool as usual.
  async function locked<T>(name: string, wait: boolean, work: () => Promise<T>): Promise<T | undefined> {
    const session = await pool.connect();
    let broken: Error | undefined;
    try {
      return await withAdvisoryLock(session, name, wait, work);
    } catch (error) {
      broken = error as Error;
      throw error;
    } finally {
      // A connection whose unlock may not have happened is closed rather than reused: closing frees the lock.
      session.release(broken);
    }
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: async () => void (await locked(MIGRATE_LOCK, true, () => migratePg(db, { migrationsFolder }))),
    exclusively: async (name, work) => (await locked(name, true, work)) as Awaited<ReturnType<typeof work>>,
    ifFree: (name, work) => locked(name, false, work),
    snapshot: (file, read) => dumpPostgres(pool, url, file, read),
    close: () => pool.end(),
  };
}

/** PostgreSQL when `DATABASE_URL` is set, otherwise PGlite in `DATA_DIR/db`. */
export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'db'));
}
