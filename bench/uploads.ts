import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIfStale, freePort, startProduct } from '#scripts/lib/product.ts';
import { startS3Server } from '#tests/support/s3-server.ts';
import { type MemoryTarget, productProcesses, sampleMemory } from './lib/memory-sampler';
import { type PostgresServer, postgresServer } from './lib/postgres-server';
import { machine } from './lib/report';
import { throwawayDatabase } from './lib/throwaway-database';
import { batchThroughApi, batchThroughWeb, checkShop, createShop, type Owner, phonePhoto, shopPhoto, signUpOwner, webSignIn } from './lib/uploads';
import { type UploadCase, type UploadReport, type UploadRun, uploadsMarkdown } from './lib/uploads-report';

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const DATABASES = ['postgres', 'pglite'] as const;
const ROUTES = ['api', 'web'] as const;
type DatabaseKind = (typeof DATABASES)[number];
type Route = (typeof ROUTES)[number];
const USAGE =
  'Usage: npm run bench:uploads [-- --owners 10 --products 10 --databases postgres,pglite --routes api,web --storage disk --label NAME]\n' +
  'Storage: disk (DATA_DIR/media), or s3 (a bucket on s3rver from npm, on this machine).\n' +
  "PostgreSQL: the server of DATABASE_URL when set (in a throwaway database), otherwise a throwaway cluster of Debian's postgresql.";

function listOption<T extends string>(value: string, allowed: readonly T[]): T[] {
  const items = value.split(',').filter(Boolean);
  if (!items.length || items.some((item) => !allowed.includes(item as T))) {
    console.error(USAGE);
    process.exit(2);
  }
  return items as T[];
}

function options() {
  const { values } = parseArgs({
    options: {
      owners: { type: 'string', default: '10' },
      products: { type: 'string', default: '10' },
      databases: { type: 'string', default: DATABASES.join(',') },
      routes: { type: 'string', default: ROUTES.join(',') },
      storage: { type: 'string', default: 'disk' },
      label: { type: 'string', default: '' },
    },
  });
  const owners = Number(values.owners);
  const products = Number(values.products);
  const storageValid = values.storage === 'disk' || values.storage === 's3';
  if (
    !Number.isInteger(owners) ||
    owners < 1 ||
    !Number.isInteger(products) ||
    products < 1 ||
    products > 20 ||
    !storageValid ||
    !/^[\w-]*$/.test(values.label)
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  return {
    owners,
    products,
    databases: listOption(values.databases, DATABASES),
    routes: listOption(values.routes, ROUTES),
    storage: values.storage as 'disk' | 's3',
    label: values.label,
  };
}

type Settings = ReturnType<typeof options>;

/** Every owner sends one batch at the same moment, through the API directly or through the web tier's form. */
async function runRoute(
  route: Route,
  urls: { api: string; web: string },
  owners: Owner[],
  photos: { product: Buffer; shop: Buffer },
  settings: Settings,
  targets: MemoryTarget[],
): Promise<UploadRun> {
  const shopIds: string[] = [];
  for (const [n, owner] of owners.entries()) shopIds.push(await createShop(urls.api, owner, photos.shop, `Upload bench shop ${n + 1} (${route})`));
  const cookies = route === 'web' ? await Promise.all(owners.map((owner) => webSignIn(urls.web, owner))) : [];

  const memory = sampleMemory(targets);
  const started = performance.now();
  const answers = await Promise.all(
    owners.map((owner, n) =>
      route === 'api'
        ? batchThroughApi(urls.api, owner, shopIds[n]!, photos.product, settings.products)
        : batchThroughWeb(urls.web, cookies[n]!, shopIds[n]!, photos.product, settings.products),
    ),
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const peaks = memory.stop();

  const checks = await Promise.all(shopIds.map((shopId) => checkShop(urls.api, shopId)));
  const statuses: Record<string, number> = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const saved = answers.map((answer) => answer.status === (route === 'api' ? 201 : 302));
  return {
    route,
    statuses,
    seconds,
    slowestAnswerSeconds: Math.max(...answers.map((answer) => answer.seconds)),
    memory: peaks,
    batchesSaved: saved.filter(Boolean).length,
    productsExpected: saved.filter(Boolean).length * settings.products,
    productsFound: checks.reduce((sum, check) => sum + check.products, 0),
    // All or nothing: a batch the owner was told failed must have left no product behind.
    halfBatches: checks.filter((check, n) => !saved[n] && check.products > 0).length,
    files: checks.reduce((sum, check) => sum + check.files, 0),
    unreadable: checks.flatMap((check) => check.unreadable),
  };
}

/** One database: a fresh DATA_DIR (and database), the product started as `npm start` does, then each route. */
async function runCase(
  kind: DatabaseKind,
  server: PostgresServer | undefined,
  photos: { product: Buffer; shop: Buffer },
  settings: Settings,
): Promise<UploadCase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-uploads-'));
  const database = kind === 'postgres' ? await throwawayDatabase(server!.url) : undefined;
  const bucket = settings.storage === 's3' ? await startS3Server() : undefined;
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const product = startProduct({
    webPort,
    apiPort,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // Ten owners sign up and sign in at once; the limits are for people, not benchmarks.
      AUTH_RATE_LIMIT: '100000',
      ...bucket?.env,
    },
    // The web tier logs every request; only trouble is worth showing.
    log: (tier, line) => {
      if (tier === 'api' || /error|warn| 5\d\d /i.test(line)) console.error(`  [${tier}] ${line}`);
    },
  });
  try {
    await product.ready;
    const urls = { api: `http://127.0.0.1:${apiPort}`, web: `http://127.0.0.1:${webPort}` };
    const processes = productProcesses();
    const targets: MemoryTarget[] = [{ ...processes.api, name: kind === 'pglite' ? 'API with PGlite' : 'API' }, processes.imageWorker, ...processes.web];
    if (kind === 'postgres' && server?.pid) targets.push({ name: 'PostgreSQL', pid: server.pid, tree: true });
    const tag = randomBytes(3).toString('hex');
    const owners: Owner[] = [];
    for (let n = 1; n <= settings.owners; n += 1) owners.push(await signUpOwner(urls.api, `up${tag}${n}`));

    const runs: UploadRun[] = [];
    for (const route of settings.routes) {
      console.error(`  ${kind}: ${settings.owners} owners × ${settings.products} products through the ${route === 'api' ? 'API' : 'web tier'}`);
      runs.push(await runRoute(route, urls, owners, photos, settings, targets));
    }
    const storage = bucket ? ', photos in an S3 bucket (s3rver on this machine)' : '';
    return { database: `${kind === 'pglite' ? 'PGlite (in the API process)' : `PostgreSQL (${server!.source})`}${storage}`, runs };
  } finally {
    await product.stop();
    await bucket?.stop();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench:uploads`: 10 owners each add 10 products with ~5 MB phone photos at the same moment,
 * through the API's batch endpoint and through the web tier's add-products form; total time, each
 * process's peak memory, and a check that every product and every image file arrived and decodes.
 */
async function main() {
  const settings = options();
  const report: UploadReport = {
    date: new Date().toISOString().slice(0, 10),
    label: settings.label,
    machine: machine(),
    settings: { owners: settings.owners, products: settings.products, photoBytes: 0 },
    targetPeakMb: 300,
    cases: [],
  };
  await buildIfStale();
  const photos = { product: await phonePhoto(), shop: await shopPhoto() };
  report.settings.photoBytes = photos.product.length;
  const server = settings.databases.includes('postgres') ? await postgresServer() : undefined;
  try {
    for (const kind of settings.databases) report.cases.push(await runCase(kind, server, photos, settings));
  } finally {
    server?.stop();
  }

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `uploads-${report.date}${settings.label ? `-${settings.label}` : ''}`);
  const table = uploadsMarkdown(report);
  await writeFile(`${file}.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(`${file}.md`, table);
  console.log(table);
  console.log(`Written to ${path.relative(process.cwd(), file)}.{json,md}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
