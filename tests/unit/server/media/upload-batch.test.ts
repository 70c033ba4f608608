import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import { filePartOf } from '#server/media/file-part.ts';
import { UploadBatch } from '#server/media/upload-batch.ts';
import { jpegBuffer } from '#tests/fixtures/images.ts';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kasuwa-batch-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const files = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;

describe('the photos one request stored', () => {
  it('are removed when the request fails before its row is committed, and kept once it is, whatever fails after', async () => {
    const photo = filePartOf(await jpegBuffer({ width: 64, height: 48 }), { field: 'image', filename: 'rice.jpg', mimetype: 'image/jpeg' });
    const failed = new UploadBatch(localDiskStorage(root), 'shops');
    await failed.store(photo);
    expect(await files()).toBeGreaterThan(0);
    await failed.discard();
    expect(await files()).toBe(0);

    const saved = new UploadBatch(localDiskStorage(root), 'shops');
    await saved.store(photo);
    const stored = await files();
    saved.committed();
    await saved.discard();
    expect(await files()).toBe(stored);
  });
});
