/**
 * soak:load — SOAK_PEOPLE simulated people (default 50) use the whole product for SOAK_SECONDS (default
 * 60) through the web tier as browsers without JavaScript: browsing, searching, signing up, opening shops
 * and adding products with photos. Afterwards every shop, product and image file they were told was
 * saved must be there, through the API and on disk, with no file left over. Writes soak/results/load-*.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { productProcesses, sampleMemory } from '#bench/lib/memory-sampler.ts';
import { machine } from '#bench/lib/report.ts';
import { buildIfStale, freePort, type LogLine, startProduct } from '#scripts/lib/product.ts';
import { openPglite, openPostgres } from '#server/db/client.ts';
import { Browser } from './lib/browser';
import { owner, visitor, type World } from './lib/people';
import { makePhotos } from './lib/photos';
import { startCluster } from './lib/postgres';
import { Recorder } from './lib/recorder';
import { numberFromEnv, row, writeResults } from './lib/report';
import { apiLogin, checkImages, checkStorage, imagesOf, ownShops, type Problems } from './lib/verify';

const seconds = numberFromEnv('SOAK_SECONDS', 60);
const people = Math.round(numberFromEnv('SOAK_PEOPLE', 50));
/** About one person in three runs a shop; the rest look around. */
const owners = Math.max(1, Math.round(people * 0.3));
/** Longer than any timeout of the web tier (60 s for a shop photo), so its own answer is what we see. */
const BROWSER_TIMEOUT_MS = 70_000;
/** PGlite by default; SOAK_DATABASE=postgres starts a throwaway cluster, SOAK_DATABASE_URL names an empty database. */
const wantsPostgres = process.env.SOAK_DATABASE === 'postgres';

async function database(): Promise<{ url: string | undefined; stop(): void }> {
  if (process.env.SOAK_DATABASE_URL) return { url: process.env.SOAK_DATABASE_URL, stop: () => {} };
  if (!wantsPostgres) return { url: undefined, stop: () => {} };
  const cluster = await startCluster();
  if ('unavailable' in cluster) throw new Error(`PostgreSQL: ${cluster.unavailable}.`);
  return cluster;
}

async function main() {
  const host = machine();
  const cluster = await database();
  process.once('exit', () => cluster.stop());
  const databaseUrl = cluster.url;
  console.log(
    `soak:load: ${people} people (${owners} owners) for ${seconds} s on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; load average ${host.loadAverageAtStart}`,
  );
  await buildIfStale();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-soak-load-'));
  const logFile = path.join(dataDir, 'servers.log');
  const logStream = createWriteStream(logFile);
  const serverErrors: string[] = [];
  const log: LogLine = (tier, line) => {
    logStream.write(`[${tier}] ${line}\n`);
    // pino's "level" 50 and 60 are error and fatal; the web tier prints errors with their stack.
    if ((tier === 'api' && /"level":(50|60)/.test(line)) || (tier === 'web' && /error/i.test(line))) serverErrors.push(`[${tier}] ${line.slice(0, 300)}`);
  };
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: databaseUrl ?? '' };
  delete env.PROVIDER_URL;
  delete env.WEB_URL;
  const product = startProduct({ webPort, apiPort, env, log });
  // A run that fails half way must not leave the servers running behind it.
  process.once('exit', () => product.kill());
  await product.ready;
  const processes = productProcesses();

  const recorder = new Recorder();
  const world: World = {
    tag: Date.now().toString(36),
    deadline: Date.now() + seconds * 1000,
    photos: await makePhotos(),
    shopIds: [],
    shopNames: new Map(),
    searchWords: ['rice', 'phones', 'lace', 'Lagos', 'soak', 'fabric', 'jollof'],
    owners: [],
  };
  const memory = sampleMemory([processes.api, processes.imageWorker, ...processes.web]);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: people }, (_, index) => {
      const browser = new Browser(product.webUrl, recorder, BROWSER_TIMEOUT_MS);
      return index < owners ? owner(browser, world, index) : visitor(browser, world);
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  const peakMb = Object.fromEntries(Object.entries(memory.stop()).map(([name, { peakMb }]) => [name, peakMb]));

  // Everything the web tier said it saved, asked of the API afterwards.
  const problems: Problems = [];
  const created = { shops: 0, products: 0 };
  const images: ReturnType<typeof imagesOf> = [];
  for (const account of world.owners) {
    const shops = await ownShops(product.apiUrl, await apiLogin(product.apiUrl, account.username, account.password));
    for (const expected of account.shops) {
      created.shops++;
      created.products += expected.products.length;
      const found = shops.find((shop) => shop.id === expected.id);
      if (!found || found.name !== expected.name) {
        problems.push(`shop ${expected.name} (${expected.id}) is missing`);
        continue;
      }
      const names = (found.products ?? []).map((item) => item.name).sort();
      if (names.join('\n') !== [...expected.products].sort().join('\n')) {
        problems.push(`${expected.name}: products ${JSON.stringify(names)}, expected ${JSON.stringify(expected.products)}`);
      }
      images.push(...imagesOf([found]));
    }
  }
  const imageCheck = await checkImages(images, path.join(dataDir, 'media'));
  problems.push(...imageCheck.problems);

  await product.stop();
  logStream.end();
  const stored = databaseUrl ? await openPostgres(databaseUrl, 2) : await openPglite(path.join(dataDir, 'db'));
  const storage = await checkStorage(stored, path.join(dataDir, 'media'));
  await stored.close();
  problems.push(...storage.problems);

  const date = new Date().toISOString();
  const report = {
    date,
    machine: host,
    settings: { people, owners, seconds, database: databaseUrl ? 'postgres' : 'pglite', browserTimeoutMs: BROWSER_TIMEOUT_MS },
    elapsedSeconds: Math.round(elapsedSeconds * 10) / 10,
    requests: recorder.requests,
    requestsPerSecond: Math.round(recorder.requests / elapsedSeconds),
    errors: recorder.failures.length,
    errorKinds: recorder.failureCounts(),
    errorSamples: recorder.failures.slice(0, 20),
    latencyMs: recorder.latencies(),
    peakRssMb: peakMb,
    created: { owners: world.owners.length, ...created, imageFiles: imageCheck.files },
    storage: { rows: storage.rows, keys: storage.keys, files: storage.files },
    serverErrorLines: serverErrors.length,
    serverErrorSamples: serverErrors.slice(0, 10),
    problems,
  };
  const failed = report.errors > 0 || problems.length > 0 || serverErrors.length > 0;
  const markdown = [
    `# soak:load, ${date}`,
    '',
    `Machine: ${host.cpus} cores (${host.cpuModel}), ${host.memoryGb} GB, Node ${host.node}; load average ${host.loadAverageAtStart} at start.`,
    `The whole product (\`startProduct\`, production build) on a fresh DATA_DIR and ${report.settings.database}, demo shops seeded. ` +
      `${people} people for ${seconds} s through the web tier as browsers without JavaScript (plain form posts, session cookie, same-origin Origin): ` +
      `${owners} sign up, open a shop with a photo (1024×768 to 3000×2000 JPEG, sent unshrunk) and add batches of 2–3 products with photos; ` +
      `the others open the home page, searches and shop pages with their first two images. Each waits 1–3 s between steps.`,
    '',
    `**${report.requests} requests** in ${report.elapsedSeconds} s (${report.requestsPerSecond}/s), **${report.errors} errors** ` +
      `(5xx, no answer within ${BROWSER_TIMEOUT_MS / 1000} s, or a wrong page), ${serverErrors.length} error lines in the servers' logs.`,
    '',
    row(['Action', 'Count', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms']),
    row(['---', '---:', '---:', '---:', '---:', '---:']),
    ...Object.entries(report.latencyMs).map(([kind, s]) => row([kind, s.count, s.p50, s.p95, s.p99, s.max])),
    '',
    `Peak resident memory during the run (sampled every 100 ms, and the kernel's high-water mark): ${Object.entries(report.peakRssMb)
      .map(([name, mb]) => `${name} ${mb} MB`)
      .join(', ')}.`,
    '',
    `Afterwards: ${world.owners.length} accounts, ${created.shops} shops and ${created.products} products created through the web tier; ` +
      `${imageCheck.images} images (${imageCheck.files} files, every variant) each served by the API, decoded at its stated width and equal to the file on disk. ` +
      `Database: ${storage.rows.users} users, ${storage.rows.shops} shops, ${storage.rows.products} products naming ${storage.keys} files; ` +
      `${storage.files} files on disk. ${problems.length ? `**${problems.length} problems**:` : 'Nothing missing, nothing left over.'}`,
    ...problems.slice(0, 20).map((problem) => `- ${problem}`),
    ...(report.errors ? ['', '## Errors', '', ...Object.entries(report.errorKinds).map(([kind, n]) => `- ${n}× ${kind}`)] : []),
    '',
  ].join('\n');
  console.log(markdown);
  console.log(`Written to ${writeResults(databaseUrl ? 'load-postgres' : 'load', report, markdown)}`);
  if (failed) console.log(`Servers' logs and data kept in ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error('soak:load failed:', error);
  process.exit(1);
});
