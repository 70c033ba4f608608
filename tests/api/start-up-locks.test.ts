import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '#server/db/client.ts';
import { DEMO_SHOPS } from '#server/db/demo-shops.ts';
import { seedDemoIfEmpty } from '#server/db/seed.ts';
import { startPeriodicJobs } from '#server/jobs/periodic.ts';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import { freshDatabase } from './support/harness';

const silent = { info() {}, debug() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

// PGlite is one process with one session, so there is nobody to race; CI runs this file on PostgreSQL.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)(`instances started together on one PostgreSQL${onPostgres ? '' : ' (skipped: PostgreSQL only, set DATABASE_URL)'}`, () => {
  let first: Database;
  let second: Database;
  let drop: () => Promise<void>;
  let mediaDir: string;
  beforeAll(async () => {
    let url: string | undefined;
    ({ database: first, url, drop } = await freshDatabase());
    second = await openPostgres(url!, 5);
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-locks-'));
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await drop();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('apply each migration once on an empty database', async () => {
    await Promise.all([first.migrate(), second.migrate(), first.migrate()]);

    const { rows } = (await first.db.execute(
      sql`select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { applied: number; distinct: number }[];
    };
    expect(rows[0]!.applied).toBeGreaterThan(0);
    expect(rows[0]!.applied).toBe(rows[0]!.distinct);
  });

  it('seed the demo once', async () => {
    const seedOn = (database: Database) => database.exclusively('kasuwa:seed', () => seedDemoIfEmpty(database.db, localDiskStorage(mediaDir), silent));

    await Promise.all([seedOn(first), seedOn(second)]);

    const { rows } = (await first.db.execute(sql`select count(*)::int as shops from shops`)) as unknown as { rows: { shops: number }[] };
    expect(rows[0]!.shops).toBe(DEMO_SHOPS.length);
  });

  it('run a periodic job on one instance at a time', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const job = {
      name: 'test job',
      everyMs: 60_000,
      run: async () => {
        runs++;
        most = Math.max(most, ++running);
        await delay(300);
        running--;
        return { ok: true };
      },
    };

    const schedulers = [startPeriodicJobs(first, [job], silent), startPeriodicJobs(second, [job], silent)];
    await delay(600);
    for (const scheduler of schedulers) scheduler.stop();

    expect(runs).toBe(1);
    expect(most).toBe(1);
  });
});
