import { existsSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import { sweepCutoff, sweepOrphanMedia, UPLOADS_FINISH_WITHIN_MS } from '#server/media/orphan-sweep.ts';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

let api: TestApi;
let mediaRoot: string;
beforeAll(async () => {
  api = await startTestApi();
  mediaRoot = path.join(api.dataDir, 'media');
});
afterAll(() => api.close());

const anHourAgo = new Date(Date.now() - 3600_000);

/** Every file under the media folder, as keys. */
async function storedKeys(): Promise<string[]> {
  const entries = await readdir(mediaRoot, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(mediaRoot, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** An image folder as a killed upload leaves it, written at `when`. */
async function leftover(key: string, files: string[], when: Date) {
  const dir = path.join(mediaRoot, key);
  await mkdir(dir, { recursive: true });
  for (const file of files) {
    await writeFile(path.join(dir, file), 'x');
    await utimes(path.join(dir, file), when, when);
  }
  return dir;
}

it('removes folders and half-written files no row names, and keeps every image in use', async () => {
  const owner = await signUp(api.app);
  const shop = await createShop(api.app, owner.access);
  expect((await addProducts(api.app, owner.access, shop.id, [{ name: 'Garri', price: 900 }])).statusCode).toBe(201);
  const inUse = await storedKeys();
  expect(inUse.length).toBeGreaterThanOrEqual(2);
  // Stored before the restart, like the files of an upload killed before its row was written.
  for (const key of inUse) await utimes(path.join(mediaRoot, key), anHourAgo, anHourAgo);

  const orphanProduct = await leftover('products/0b7c4f1e-5c41-4d7e-9a57-3a1d2f5e8c10', ['main.jpg', 'w320.webp'], anHourAgo);
  const halfWritten = await leftover('shops/6a0f3e52-1f7b-4f7c-8d1c-0c2b5e9f4a21', ['.main.jpg.1234.tmp'], anHourAgo);
  const inUseFolder = path.join(mediaRoot, path.dirname(inUse[0]!));
  await leftover(path.relative(mediaRoot, inUseFolder), ['.w640.webp.5678.tmp'], anHourAgo);
  // Written after the cutoff: an upload of the running process, whose row is not written yet.
  const uploading = await leftover('products/9d3e1c7a-2b4f-4e8a-b6c5-7f1a0e2d3c4b', ['main.jpg'], new Date(Date.now() + 60_000));

  const result = await sweepOrphanMedia(api.database.db, api.app.storage, new Date());

  expect(await storedKeys()).toEqual([...inUse, path.relative(mediaRoot, path.join(uploading, 'main.jpg'))].sort());
  expect(existsSync(orphanProduct)).toBe(false);
  expect(existsSync(halfWritten)).toBe(false);
  expect(result).toMatchObject({ removedFolders: 2, removedFiles: 4 });
  // Every image the API names still opens.
  const products = (await api.app.inject({ method: 'GET', url: `/shops/${shop.id}/products` })).json() as { image_url: string }[];
  for (const url of [shop.image_url, ...products.map((product) => product.image_url)]) {
    expect((await api.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(200);
  }
});

it('does nothing when there is no media folder yet', async () => {
  const result = await sweepOrphanMedia(api.database.db, localDiskStorage(path.join(api.dataDir, 'nothing-here')), new Date());
  expect(result).toEqual({ folders: 0, removedFolders: 0, removedFiles: 0 });
});

it('judges on this process’s disk what was written before it started, and in a shared bucket only what is older than any upload can take', () => {
  const startedAt = new Date('2026-03-02T10:00:00Z');
  const now = new Date('2026-03-02T18:00:00Z');
  const bucket = { ...localDiskStorage(mediaRoot), shared: true };

  expect(sweepCutoff(localDiskStorage(mediaRoot), startedAt, now)).toEqual(startedAt);
  expect(sweepCutoff(bucket, startedAt, now)).toEqual(new Date(now.getTime() - UPLOADS_FINISH_WITHIN_MS));
});
