import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { localDiskStorage } from '../server/media/storage';
import { startApiProcess } from './lib/api-process';
import { seedBulk } from './lib/bulk-seed';
import { measureGet } from './lib/load';
import { progressBar } from './lib/progress';
import { machine, markdown, type BenchReport, type CaseResult } from './lib/report';
import { throwawayDatabase } from './lib/throwaway-database';
import { measureUploads, nearLimitJpeg } from './lib/uploads';

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const UPLOAD_CLIENTS = 10;
const PRODUCTS_PER_SHOP = 3;

/** "lagos" is in about 3 bulk shops in 10 (the biggest city); each specialty in about 1 in 1,000. */
const REQUESTS = [
  { path: '/shops', note: 'home page' },
  { path: '/shops?q=lagos', note: 'common word' },
  { path: '/shops?q=saxophone', note: 'rare word' },
];

function options() {
  const { values } = parseArgs({
    options: { sizes: { type: 'string', default: '10000,100000' }, seconds: { type: 'string', default: '10' } },
  });
  const sizes = values.sizes.split(',').map(Number);
  const seconds = Number(values.seconds);
  if (sizes.some((size) => !Number.isInteger(size) || size < 1) || !(seconds > 0)) {
    console.error('Usage: npm run bench:api [-- --sizes 10000,100000 --seconds 10]');
    process.exit(2);
  }
  return { sizes, seconds };
}

async function describeDatabase(database: Database): Promise<{ version: string; sizeMb: number }> {
  // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
  const result = (await database.db.execute(sql`select version() as version, pg_database_size(current_database()) as size`)) as unknown as {
    rows: { version: string; size: string | number }[];
  };
  const [first] = result.rows;
  const version = /PostgreSQL [\d.]+/.exec(first!.version)?.[0] ?? first!.version;
  return { version: database.kind === 'pglite' ? `PGlite (${version})` : version, sizeMb: Math.round(Number(first!.size) / 1024 ** 2) };
}

async function matches(url: string): Promise<number> {
  const body = (await (await fetch(url)).json()) as { count: number; sponsored_shops: unknown[] };
  return body.count + body.sponsored_shops.length;
}

/** One size on one database: a fresh DATA_DIR (and database), bulk data, then the API under load. */
async function runCase(shops: number, serverUrl: string | undefined, seconds: number, jpeg: Buffer): Promise<CaseResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-'));
  const postgres = serverUrl ? await throwawayDatabase(serverUrl) : undefined;
  try {
    const database = postgres ? await openPostgres(postgres.url) : await openPglite(path.join(dataDir, 'db'));
    let seeded;
    let described;
    try {
      await database.migrate();
      const bar = progressBar(`shops into ${database.kind}`);
      seeded = await seedBulk(database.db, localDiskStorage(path.join(dataDir, 'media')), {
        shops,
        productsPerShop: PRODUCTS_PER_SHOP,
        onProgress: bar.update,
      });
      bar.done();
      described = await describeDatabase(database);
    } finally {
      // PGlite allows one process per data directory: the API opens it next.
      await database.close();
    }

    const api = await startApiProcess({ dataDir, databaseUrl: postgres?.url });
    try {
      const requests = [];
      for (const request of REQUESTS) {
        console.error(`  ${described.version}, ${shops.toLocaleString('en')} shops: GET ${request.path}`);
        const result = await measureGet(api.url, request.path, {
          connections: CONNECTIONS,
          durationMs: seconds * 1000,
          warmupMs: WARMUP_SECONDS * 1000,
        });
        requests.push({ ...request, matches: await matches(api.url + request.path), result });
      }
      console.error(`  ${described.version}, ${shops.toLocaleString('en')} shops: ${UPLOAD_CLIENTS} uploads at once`);
      const uploads = await measureUploads(api, jpeg, UPLOAD_CLIENTS);
      return {
        database: described.version,
        shops: seeded.shops,
        products: seeded.products,
        databaseSizeMb: described.sizeMb,
        seedSeconds: Math.round(seeded.ms / 100) / 10,
        requests,
        uploads,
      };
    } finally {
      await api.stop();
    }
  } finally {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench:api`: GET /shops latency and throughput at 10,000 and 100,000 shops, and the API's
 * memory while ten 5 MB uploads arrive at once; on PGlite, and also on PostgreSQL when DATABASE_URL
 * is set (each run in a throwaway database on that server).
 */
async function main() {
  const { sizes, seconds } = options();
  const serverUrl = process.env.DATABASE_URL || undefined;
  const report: BenchReport = {
    date: new Date().toISOString().slice(0, 10),
    machine: machine(),
    settings: { connections: CONNECTIONS, seconds, warmupSeconds: WARMUP_SECONDS, uploadClients: UPLOAD_CLIENTS },
    cases: [],
  };
  const jpeg = await nearLimitJpeg();
  for (const size of sizes) {
    for (const server of serverUrl ? [undefined, serverUrl] : [undefined]) {
      report.cases.push(await runCase(size, server, seconds, jpeg));
    }
  }

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `api-${report.date}`);
  const table = markdown(report);
  await writeFile(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(`${file}.md`, table);
  console.log(table);
  console.log(`Written to ${path.relative(process.cwd(), file)}.{json,md}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
