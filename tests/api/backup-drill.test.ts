import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { throwawayDatabase } from '#bench/lib/throwaway-database.ts';
import { freePort } from '#scripts/lib/product.ts';
import { openPglite, openPostgres } from '#server/db/client.ts';
import type { StoredImage } from '#server/db/schema.ts';
import { addProducts, createShop, signUpOwner } from '#soak/lib/api-owner.ts';
import { type ApiProcess, startApi } from '#soak/lib/api-process.ts';
import type { Photo } from '#soak/lib/photos.ts';
import { jpegBuffer } from '#tests/fixtures/images.ts';
import { backupCommand, filesUnder } from './support/backup-commands';

const OWNERS = 20;
const ROUNDS_AT_MOST = 12;

type Removal = { id: string; kind: 'shop' | 'product'; ackedAt?: number };

const serverUrl = process.env.DATABASE_URL;
const apis: ApiProcess[] = [];
const folders: string[] = [];
const databases: { drop(): Promise<void> }[] = [];

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-drill-'));
  folders.push(dir);
  return dir;
}

/** On PostgreSQL, a new empty database on DATABASE_URL's server; on PGlite, none (the API's own in DATA_DIR). */
async function newDatabase(): Promise<string | undefined> {
  if (!serverUrl) return undefined;
  const database = await throwawayDatabase(serverUrl);
  databases.push(database);
  return database.url;
}

async function startOn(dataDir: string, databaseUrl: string | undefined): Promise<ApiProcess> {
  const api = await startApi({ port: await freePort(), dataDir, databaseUrl, readyTimeoutMs: 120_000, env: { AUTH_RATE_LIMIT: '10000', LOG_LEVEL: 'warn' } });
  apis.push(api);
  return api;
}

let photo: Photo;

beforeAll(async () => {
  // Small, so that 20 owners' photos keep the API's image worker busy for seconds, not minutes.
  photo = { name: 'stall.jpg', data: await jpegBuffer({ width: 400, height: 300 }) };
});

afterAll(async () => {
  await Promise.all(apis.map((api) => api.kill('SIGKILL')));
  await Promise.all(databases.map((database) => database.drop().catch(() => undefined)));
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe(`a backup taken while 20 owners write, restored (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('brings back every write acknowledged before it began, every photo of every row and no other', { timeout: 180_000 }, async () => {
    const sourceDir = await newDataDir();
    const sourceDatabase = await newDatabase();
    const source = await startOn(sourceDir, sourceDatabase);

    const shopsMade = new Map<string, number>();
    const productsMade = new Map<string, { shopId: string; ackedAt: number }>();
    const removals: Removal[] = [];
    const acks: number[] = [];
    let stop = false;
    const tag = randomBytes(3).toString('hex');

    async function remove(kind: Removal['kind'], id: string, token: string) {
      // Noted before it is sent: a removal in flight may land on either side of the snapshot.
      const removal: Removal = { id, kind };
      removals.push(removal);
      const url = kind === 'shop' ? `${source.url}/shops/${id}/delete/` : `${source.url}/shops/products/${id}/delete/`;
      const answer = await fetch(url, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      if (answer.status !== 204) throw new Error(`deleting a ${kind} answered ${answer.status}: ${await answer.text()}`);
      acks.push((removal.ackedAt = Date.now()));
    }

    async function owner(index: number) {
      const token = await signUpOwner(source.url, `drill${tag}${index}`);
      for (let round = 0; round < ROUNDS_AT_MOST && !stop; round++) {
        const shop = await createShop(source.url, token, `Stall ${index}-${round}`, photo);
        if (shop.status !== 201) throw new Error(`creating a shop answered ${shop.status}: ${shop.body}`);
        const shopId = (JSON.parse(shop.body) as { id: string }).id;
        acks.push(Date.now());
        shopsMade.set(shopId, acks.at(-1)!);
        const batch = await addProducts(source.url, token, shopId, ['Rice, 50 kg', 'Garri, 1 paint'], [photo]);
        if (batch.status !== 201) throw new Error(`adding products answered ${batch.status}: ${batch.body}`);
        acks.push(Date.now());
        const productIds = (JSON.parse(batch.body) as { id: string }[]).map((product) => product.id);
        for (const productId of productIds) productsMade.set(productId, { shopId, ackedAt: acks.at(-1)! });
        await remove('product', productIds[0]!, token);
        if (index % 3 === 0 && round % 2 === 1) await remove('shop', shopId, token);
      }
    }

    const owners = Promise.all(Array.from({ length: OWNERS }, (_, index) => owner(index)));
    const removed = (kind: Removal['kind']) => removals.filter((removal) => removal.kind === kind && removal.ackedAt).length;
    await vi.waitFor(
      () => {
        if (removed('shop') < 3 || removed('product') < 10) throw new Error('the owners have not written enough yet');
      },
      { timeout: 90_000, interval: 50 },
    );

    const file = path.join(sourceDir, '..', `${path.basename(sourceDir)}.tar`);
    folders.push(file);
    const began = Date.now();
    const backup = await backupCommand('backup', ['--out', file], { DATA_DIR: sourceDir, DATABASE_URL: sourceDatabase ?? '' });
    const ended = Date.now();
    stop = true;
    await owners;
    expect(backup).toEqual({ code: 0, out: expect.stringMatching(/^Backup written to .+ \(\d+\.\d MB\): the database and its photos\.$/) });
    // The site took writes while the backup was being taken.
    expect(acks.filter((at) => at > began && at < ended).length).toBeGreaterThan(0);
    await source.kill('SIGTERM');

    const restoredDir = await newDataDir();
    const restoredDatabase = await newDatabase();
    const restore = await backupCommand('restore', [file], { DATA_DIR: restoredDir, DATABASE_URL: restoredDatabase ?? '' });
    expect(restore).toMatchObject({ code: 0, out: expect.stringMatching(/^Restored the backup taken /) });

    // Acknowledged before the backup began: there, unless a removal of it (or of its shop) was sent at all;
    // removed before it began: gone. Whatever was in flight may land on either side.
    const removalOf = (id: string) => removals.find((removal) => removal.id === id);
    const goneBefore = (removal: Removal | undefined) => removal?.ackedAt !== undefined && removal.ackedAt < began;
    const expected = { shops: { there: [] as string[], gone: [] as string[] }, products: { there: [] as string[], gone: [] as string[] } };
    for (const [id, ackedAt] of shopsMade) {
      if (ackedAt >= began) continue;
      if (!removalOf(id)) expected.shops.there.push(id);
      else if (goneBefore(removalOf(id))) expected.shops.gone.push(id);
    }
    for (const [id, { shopId, ackedAt }] of productsMade) {
      if (ackedAt >= began) continue;
      if (!removalOf(id) && !removalOf(shopId)) expected.products.there.push(id);
      else if (goneBefore(removalOf(id)) || goneBefore(removalOf(shopId))) expected.products.gone.push(id);
    }
    for (const list of [expected.shops.there, expected.shops.gone, expected.products.there, expected.products.gone]) expect(list.length).toBeGreaterThan(0);

    const restored = await startOn(restoredDir, restoredDatabase);
    const status = async (url: string) => (await fetch(`${restored.url}${url}`)).status;
    const statuses = async (ids: string[], url: (id: string) => string) => Promise.all(ids.map(async (id) => ({ id, status: await status(url(id)) })));
    const shopUrl = (id: string) => `/shops/${id}/`;
    const productUrl = (id: string) => `/shops/products/${id}/`;
    expect((await statuses(expected.shops.there, shopUrl)).filter((answer) => answer.status !== 200)).toEqual([]);
    expect((await statuses(expected.shops.gone, shopUrl)).filter((answer) => answer.status !== 404)).toEqual([]);
    expect((await statuses(expected.products.there, productUrl)).filter((answer) => answer.status !== 200)).toEqual([]);
    expect((await statuses(expected.products.gone, productUrl)).filter((answer) => answer.status !== 404)).toEqual([]);
    await restored.kill('SIGTERM');

    const database = restoredDatabase ? await openPostgres(restoredDatabase, 2) : await openPglite(path.join(restoredDir, 'db'));
    try {
      const { rows } = (await database.db.execute(sql`select image from shops union all select image from products`)) as unknown as {
        rows: { image: StoredImage }[];
      };
      const named = rows.flatMap(({ image }) => [image.key, ...image.variants.map((variant) => variant.key)]).sort();
      expect(named.length).toBeGreaterThan(0);
      // Every row's photo in every size, and not one file besides.
      expect(await filesUnder(path.join(restoredDir, 'media'))).toEqual(named);
    } finally {
      await database.close();
    }
  });
});
