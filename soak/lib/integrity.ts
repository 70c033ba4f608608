import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, Db } from '#server/db/client.ts';
import { openPostgres } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import type { Problems } from './verify';

/** The stopped API's database opened directly, with amcheck available (PGlite ships it as an extension). */
export async function openForChecks(target: { pgliteDir: string } | { url: string }): Promise<Pick<Database, 'db' | 'close'>> {
  if ('url' in target) return openPostgres(target.url, 2);
  const client = await PGlite.create(target.pgliteDir, { extensions: { pg_trgm, amcheck } });
  return { db: drizzle({ client, schema }) as unknown as Db, close: () => client.close() };
}

/**
 * amcheck over every B-tree index of our tables, each against its table's rows (`heapallindexed`): a
 * torn page or an index that lost rows in a crash shows here, where a plain count would not.
 */
export async function checkIndexes(db: Db): Promise<{ indexes: number; problems: Problems }> {
  await db.execute(sql`create extension if not exists amcheck`);
  const { rows } = (await db.execute(sql`
    select c.oid::regclass::text as name from pg_index i
    join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
    where a.amname = 'btree' and n.nspname = 'public'`)) as unknown as { rows: { name: string }[] };
  const problems: Problems = [];
  for (const { name } of rows) {
    try {
      await db.execute(sql`select bt_index_check(${name}::regclass, true)`);
    } catch (error) {
      problems.push(`index ${name}: ${(error as Error).message}`);
    }
  }
  return { indexes: rows.length, problems };
}
