import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { threadsOutOfStep } from '#bench/lib/bulk-messages.ts';
import { freePort } from '#scripts/lib/product.ts';
import { checkMessages, type MessageRound, openThreads, sendSpread } from './api-messages';
import { addProducts, createShop, signUpOwner } from './api-owner';
import { type ApiProcess, startApi } from './api-process';
import { checkIndexes, openForChecks } from './integrity';
import type { Photo } from './photos';
import { checkImages, checkStorage, imagesOf, ownShops, type Problems } from './verify';

const BATCH_SIZE = 5;

type KillRound = {
  round: number;
  killAfterMs: number;
  /** What the two requests had answered when the API died (null: nothing, the kill came first). */
  answered: { batch: number | null; shop: number | null };
  /** Image folders the two requests had written when the kill came. */
  foldersAtKill: number;
  restartMs: number;
  sweep: { removedFolders: number; removedFiles: number } | null;
  /** Rows of the killed batch and shop found after the restart: 0 or all. */
  found: { batchRows: number; shopRows: number };
  /** The messages sent into threads meanwhile, and what the restarted API holds of them. */
  messages: MessageRound | null;
  problems: Problems;
};

export type CrashReport = {
  database: 'pglite' | 'postgres';
  calibrationMs: number;
  rounds: KillRound[];
  final: { rows: Record<string, number>; files: number; imagesServed: number; indexesChecked: number; threadsOutOfStep: number } | null;
  problems: Problems;
};

function imageFolders(mediaRoot: string): number {
  return ['shops', 'products'].reduce((sum, kind) => {
    const dir = path.join(mediaRoot, kind);
    return sum + (existsSync(dir) ? readdirSync(dir).length : 0);
  }, 0);
}

function filesOnDisk(mediaRoot: string): string[] {
  if (!existsSync(mediaRoot)) return [];
  return readdirSync(mediaRoot, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(mediaRoot, path.join(entry.parentPath, entry.name)));
}

const keyOf = (url: string) => new URL(url).pathname.replace(/^\/media\//, '');

/**
 * Kills the API with SIGKILL `rounds` times, each time while a batch of products and a new shop (both
 * with photos) are on their way, restarts it on the same data and checks what survived: each batch and
 * shop wholly there or wholly absent (wholly there when the API had answered 201), every file a row names
 * on disk and every file on disk named by a row. At the end the stopped database is opened directly:
 * row counts, files, and amcheck over every index.
 */
export async function killRounds(options: { database: 'pglite' | 'postgres'; databaseUrl?: string; rounds: number; photos: Photo[] }): Promise<CrashReport> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `kasuwa-soak-faults-${options.database}-`));
  const mediaRoot = path.join(dataDir, 'media');
  const port = await freePort();
  const start = () => startApi({ port, dataDir, databaseUrl: options.databaseUrl });
  const report: CrashReport = { database: options.database, calibrationMs: 0, rounds: [], final: null, problems: [] };
  let api: ApiProcess | undefined = await start();
  const stopOnExit = () => api?.child.kill('SIGKILL');
  process.on('exit', stopOnExit);
  try {
    const token = await signUpOwner(api.url, `fault${Date.now().toString(36)}`);
    const home = await createShop(api.url, token, 'Fault run home shop', options.photos[0]!);
    if (home.status !== 201) throw new Error(`the first shop answered ${home.status}: ${home.body}`);
    const shopId = (JSON.parse(home.body) as { id: string }).id;
    const threads = await openThreads(api.url, shopId, `fault${Date.now().toString(36)}`);
    const names = (label: string) => Array.from({ length: BATCH_SIZE }, (_, item) => `${label} item ${item}`);
    const both = (label: string) =>
      [addProducts(api!.url, token, shopId, names(label), options.photos), createShop(api!.url, token, `${label} shop`, options.photos[1]!)] as const;

    // How long the pair takes when nothing goes wrong: kills then land anywhere inside it.
    const calibrationStart = performance.now();
    const calibration = await Promise.all(both('Calibration'));
    report.calibrationMs = Math.round(performance.now() - calibrationStart);
    if (calibration.some((answer) => answer.status !== 201)) throw new Error(`calibration failed: ${calibration.map((a) => a.body).join(' / ')}`);

    for (let round = 0; round < options.rounds; round++) {
      const label = `Round ${round}`;
      const killAfterMs = Math.round(report.calibrationMs * (0.1 + 0.85 * Math.random()));
      const foldersBefore = imageFolders(mediaRoot);
      const answered: KillRound['answered'] = { batch: null, shop: null };
      const [batch, shop] = both(label);
      const messages = sendSpread(api.url, token, threads, label, report.calibrationMs);
      const settled = Promise.all([batch.then((a) => (answered.batch = a.status)), shop.then((a) => (answered.shop = a.status)), messages]);
      await delay(killAfterMs);
      const foldersAtKill = imageFolders(mediaRoot) - foldersBefore;
      const seenAtKill = { ...answered };
      await api.kill('SIGKILL');
      await settled;
      api = undefined;

      const restartStart = performance.now();
      const problems: Problems = [];
      try {
        api = await start();
      } catch (error) {
        report.rounds.push({
          round,
          killAfterMs,
          answered: seenAtKill,
          foldersAtKill,
          restartMs: -1,
          sweep: null,
          found: { batchRows: -1, shopRows: -1 },
          messages: null,
          problems: [`restart failed: ${(error as Error).message}`],
        });
        report.problems.push(`round ${round}: the API did not start again after the kill: ${(error as Error).message}`);
        return report;
      }
      const restartMs = Math.round(performance.now() - restartStart);
      const sweepLine = await api.waitForLine(/orphan media sweep (done|failed)/, 60_000).catch((error: Error) => error.message);
      let sweep: KillRound['sweep'] = null;
      if (/sweep done/.test(sweepLine)) sweep = JSON.parse(sweepLine) as KillRound['sweep'];
      else problems.push(`orphan sweep: ${sweepLine}`);

      const shops = await ownShops(api.url, token);
      const batchRows = (shops.find((s) => s.id === shopId)?.products ?? []).filter((p) => p.name.startsWith(`${label} item`)).length;
      const shopRows = shops.filter((s) => s.name === `${label} shop`).length;
      if (batchRows !== 0 && batchRows !== BATCH_SIZE) problems.push(`half a batch: ${batchRows} of ${BATCH_SIZE} products`);
      if (seenAtKill.batch === 201 && batchRows !== BATCH_SIZE) problems.push('a batch answered 201 is gone');
      if (shopRows > 1 || (seenAtKill.shop === 201 && shopRows !== 1)) problems.push(`${shopRows} rows for the shop (answered ${seenAtKill.shop})`);

      // Only this account has rows (no demo data), so its shops name every file there should be.
      const named = new Set(imagesOf(shops).flatMap((image) => [image.url, ...image.variants.map((v) => v.url)].map(keyOf)));
      const onDisk = filesOnDisk(mediaRoot);
      const orphans = onDisk.filter((file) => !named.has(file));
      const missing = [...named].filter((key) => !onDisk.includes(key));
      if (orphans.length) problems.push(`${orphans.length} files no row names, e.g. ${orphans[0]}`);
      if (missing.length) problems.push(`${missing.length} files named by rows are missing, e.g. ${missing[0]}`);

      const messageCheck = await checkMessages(api.url, token, threads, await messages);
      problems.push(...messageCheck.problems);

      report.rounds.push({
        round,
        killAfterMs,
        answered: seenAtKill,
        foldersAtKill,
        restartMs,
        sweep,
        found: { batchRows, shopRows },
        messages: messageCheck.round,
        problems,
      });
      report.problems.push(...problems.map((problem) => `round ${round}: ${problem}`));
    }

    const shops = await ownShops(api.url, token);
    const served = await checkImages(imagesOf(shops), mediaRoot);
    report.problems.push(...served.problems);
    await api.kill('SIGTERM');
    api = undefined;
    const database = await openForChecks(options.databaseUrl ? { url: options.databaseUrl } : { pgliteDir: path.join(dataDir, 'db') });
    try {
      const storage = await checkStorage(database, mediaRoot);
      const indexes = await checkIndexes(database.db);
      const outOfStep = await threadsOutOfStep(database.db);
      report.problems.push(
        ...storage.problems,
        ...indexes.problems,
        ...outOfStep.map((t) => `thread ${t.id}: last message ${t.lastMessageId}, newest ${t.newest}`),
      );
      report.final = {
        rows: storage.rows,
        files: storage.files,
        imagesServed: served.images,
        indexesChecked: indexes.indexes,
        threadsOutOfStep: outOfStep.length,
      };
    } finally {
      await database.close();
    }
    return report;
  } finally {
    process.off('exit', stopOnExit);
    await api?.kill('SIGKILL');
    if (report.problems.length === 0) await rm(dataDir, { recursive: true, force: true });
    else report.problems.push(`data kept in ${dataDir}`);
  }
}
