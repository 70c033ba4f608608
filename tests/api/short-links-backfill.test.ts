import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortCodeOf } from '#rules/short-code.ts';
import type { Database } from '#server/db/client.ts';
import { freshDatabase } from './support/harness';

const MIGRATIONS = path.join(import.meta.dirname, '../../server/db/migrations');
const SHORT_LINKS_MIGRATION = '0012_short_links_renewals';

let folder: string;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  // The migrations as they were before short links: the journal stops before that one.
  folder = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-migrations-'));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const before = journal.entries.findIndex((entry) => entry.tag === SHORT_LINKS_MIGRATION);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }));
  fresh = await freshDatabase();
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
  await rm(folder, { recursive: true, force: true });
});

async function migrateUpTo(database: Database, migrationsFolder: string) {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
}

describe('shops made before short links', () => {
  it('each get a code of their own when the database is migrated', async () => {
    const { db } = fresh.database;
    await migrateUpTo(fresh.database, folder);
    await db.execute(sql`
      with owner as (
        insert into users (email, username, phone_number, password_hash)
        values ('old@kasuwa.ng', 'old', '+2348012345678', 'x') returning id
      )
      insert into shops (owner_id, name, address, category, description, image)
      select owner.id, 'Shop ' || n, 'Lagos', 'Food', 'Old shop', '{"key":"k","width":1,"height":1,"variants":[]}'::jsonb
      from owner, generate_series(1, 300) as n`);

    await fresh.database.migrate();

    const { rows } = (await db.execute(sql`select short_code from shops`)) as { rows: { short_code: string }[] };
    expect(rows).toHaveLength(300);
    expect(rows.every((row) => shortCodeOf(row.short_code) === row.short_code)).toBe(true);
    expect(new Set(rows.map((row) => row.short_code)).size).toBe(300);
  });
});
