import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** The machine a benchmark ran on, and how busy it was when it started (other work skews the figures). */
export function machine() {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverageAtStart: Math.round(os.loadavg()[0]! * 10) / 10,
  };
}

/** The server's version (PGlite named as such) and the database's size, for a report's data table. */
export async function describeDatabase(database: Database): Promise<{ version: string; sizeMb: number }> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
  const result = (await database.db.execute(sql`select version() as version, pg_database_size(current_database()) as size`)) as unknown as {
    rows: { version: string; size: string | number }[];
  };
  const [first] = result.rows;
  const version = /PostgreSQL [\d.]+/.exec(first!.version)?.[0] ?? first!.version;
  return { version: database.kind === 'pglite' ? `PGlite (${version})` : version, sizeMb: Math.round(Number(first!.size) / 1024 ** 2) };
}
