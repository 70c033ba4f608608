import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres } from '#server/db/client.ts';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import { startApiProcess } from './lib/api-process';
import { seedBulk } from './lib/bulk-seed';
import { measureGet } from './lib/load';
import { type PostgresServer, postgresServer } from './lib/postgres-server';
import { progressBar } from './lib/progress';
import { describeDatabase, machine } from './lib/report';
import { type SearchCase, type SearchReport, searchMarkdown } from './lib/search-report';
import { throwawayDatabase } from './lib/throwaway-database';

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const WARMUP_SECONDS = 2;
const USAGE =
  'Usage: npm run bench:search [-- --shops 100000 --pglite-shops 10000 --products-per-shop 10 --seconds 10 --connections 10]\n' +
  "PostgreSQL: the server of DATABASE_URL when set (in a throwaway database), otherwise a throwaway cluster of Debian's postgresql.";

/**
 * What people ask for, at the selectivity the bulk data gives each (bench/lib/bulk-words.ts): "lagos" is in
 * about 3 shops in 10, a specialty such as "saxophone" in about 1 in 1,000, "blood pressure monitor" is one
 * pharmacy product (its three words always come together), "lagos kano" two common words that almost never
 * meet (the planner's worst guess), and a category one in six. A state follows the shop's city: Lagos
 * about 1 shop in 4, Anambra (Onitsha) about 1 in 60; "best rated" orders 2 shops in 5 by their averages.
 */
const SEARCH_REQUESTS = [
  { path: '/shops', note: 'home page', search: false },
  { path: '/shops?page=40', note: 'home, page 40', search: false },
  { path: '/shops?q=lagos', note: 'common word', search: true },
  { path: '/shops?q=saxophone', note: 'rare word', search: true },
  { path: '/shops?q=blood%20pressure%20monitor', note: 'product name', search: true },
  { path: '/shops?category=Food', note: 'category filter', search: true },
  { path: '/shops?q=lagos%20kano', note: 'two common words that rarely meet', search: true },
  { path: '/shops?q=rice&page=10', note: 'common word, page 10', search: true },
  { path: '/shops/suggest?q=lag', note: 'live suggestions while typing', search: true },
  { path: '/shops?sort=rating', note: 'best rated first', search: true },
  { path: '/shops?sort=rating&page=40', note: 'best rated, page 40', search: true },
  { path: '/shops?state=Lagos', note: 'common state', search: true },
  { path: '/shops?state=Anambra', note: 'rare state', search: true },
  { path: '/shops?q=rice&state=Kano', note: 'word in a state', search: true },
  { path: '/shops?q=saxophone&sort=rating', note: 'rare word, best rated', search: true },
  { path: '/shops?category=Food&state=Lagos&sort=rating', note: 'category in a state, best rated', search: true },
  { path: '/shops?q=saxxophone', note: 'a typo: read again allowing typos', search: true },
  { path: '/shops?verified=1', note: 'verified sellers only', search: true },
  { path: '/shops?q=lagos&verified=1', note: 'common word, verified sellers only', search: true },
  { path: '/products/search?q=rice', note: 'product search, common word', search: true },
  { path: '/products/search?q=rice&verified=1', note: 'product search, verified sellers only', search: true },
  { path: '/products/search?q=blood%20pressure%20monitor', note: 'product search, one product', search: true },
];

function options() {
  const { values } = parseArgs({
    options: {
      shops: { type: 'string', default: '100000' },
      'pglite-shops': { type: 'string', default: '10000' },
      'products-per-shop': { type: 'string', default: '10' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
    },
  });
  const numbers = {
    shops: Number(values.shops),
    pgliteShops: Number(values['pglite-shops']),
    productsPerShop: Number(values['products-per-shop']),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
  };
  const whole = [numbers.shops, numbers.productsPerShop, numbers.connections];
  if (whole.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(numbers.pgliteShops) || numbers.pgliteShops < 0 || !(numbers.seconds > 0)) {
    console.error(USAGE);
    process.exit(2);
  }
  return numbers;
}

/** What one answer holds: shop matches (the count, with "+" when capped, plus the sponsored), suggestions or products. */
async function matches(url: string): Promise<string> {
  const body = (await (await fetch(url)).json()) as { count?: number; count_capped?: boolean; sponsored_shops?: unknown[]; results?: unknown[] };
  if (body.results) return `${body.results.length} ${url.includes('/products/') ? 'products' : 'suggestions'}`;
  return `${body.count}${body.count_capped ? '+' : ''} + ${body.sponsored_shops?.length ?? 0} sponsored`;
}

type CaseOptions = { shops: number; productsPerShop: number; seconds: number; connections: number; server: PostgresServer | undefined };

/** One database at one size: a fresh DATA_DIR (and database), bulk data, then the API under load. */
async function runCase(options: CaseOptions): Promise<SearchCase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-search-'));
  const postgres = options.server ? await throwawayDatabase(options.server.url) : undefined;
  try {
    const database = postgres ? await openPostgres(postgres.url) : await openPglite(path.join(dataDir, 'db'));
    let seeded;
    let described;
    try {
      await database.migrate();
      const bar = progressBar(`shops into ${database.kind}`);
      seeded = await seedBulk(database.db, localDiskStorage(path.join(dataDir, 'media')), {
        shops: options.shops,
        productsPerShop: options.productsPerShop,
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
      const requests: SearchCase['requests'] = [];
      for (const request of SEARCH_REQUESTS) {
        console.error(`  ${described.version}, ${options.shops.toLocaleString('en')} shops: GET ${request.path}`);
        const timing = { durationMs: options.seconds * 1000, warmupMs: WARMUP_SECONDS * 1000 };
        const alone = await measureGet(api.url, request.path, { connections: 1, ...timing });
        const loaded = await measureGet(api.url, request.path, { connections: options.connections, ...timing });
        requests.push({ ...request, matches: await matches(api.url + request.path), alone, loaded });
      }
      return {
        database: described.version,
        source: options.server?.source ?? 'in the API process, on disk',
        shops: seeded.shops,
        products: seeded.products,
        ratings: seeded.ratings,
        databaseSizeMb: described.sizeMb,
        seedSeconds: Math.round(seeded.ms / 100) / 10,
        requests,
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
 * `npm run bench:search`: GET /shops (home page and search) latency at 100,000 shops and 1,000,000 products
 * on PostgreSQL, and for reference at 10,000 shops on PGlite; one client alone, then `--connections` at once.
 */
async function main() {
  const settings = options();
  const report: SearchReport = {
    date: new Date().toISOString().slice(0, 10),
    machine: machine(),
    settings: { connections: settings.connections, seconds: settings.seconds, warmupSeconds: WARMUP_SECONDS, productsPerShop: settings.productsPerShop },
    targetP95Ms: 30,
    cases: [],
  };
  const server = await postgresServer();
  try {
    console.error(`PostgreSQL: ${server.source}`);
    report.cases.push(await runCase({ ...settings, server }));
  } finally {
    server.stop();
  }
  if (settings.pgliteShops > 0) report.cases.push(await runCase({ ...settings, shops: settings.pgliteShops, server: undefined }));

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `search-${report.date}`);
  const table = searchMarkdown(report);
  await writeFile(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(`${file}.md`, table);
  console.log(table);
  console.log(`Written to ${path.relative(process.cwd(), file)}.{json,md}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
