import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdableRemovals } from '#server/backup/removal-hold.ts';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kasuwa-hold-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function keysIn(storage: MediaStorage): Promise<string[]> {
  const keys = [];
  for await (const entry of storage.list()) keys.push(entry.key);
  return keys;
}

const notFailing = () => {
  throw new Error('no removal should fail here');
};

describe('removals held for a backup', () => {
  it('answer at once while a hold lasts and happen when the last hold ends', async () => {
    const disk = localDiskStorage(dir);
    const { storage, hold } = holdableRemovals(disk, notFailing);
    await storage.put('shops/a/main.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('shops/b/main.jpg', Buffer.from('b'), 'image/jpeg');
    const first = hold();
    const second = hold();
    await storage.remove(['shops/a/main.jpg']);
    expect(await keysIn(disk)).toEqual(['shops/a/main.jpg', 'shops/b/main.jpg']);
    await first();
    // Released twice counts once: the other backup still holds them.
    await first();
    expect(await keysIn(disk)).toEqual(['shops/a/main.jpg', 'shops/b/main.jpg']);
    await second();
    expect(await keysIn(disk)).toEqual(['shops/b/main.jpg']);
    // With no hold, a removal happens before it answers.
    await storage.remove(['shops/b/main.jpg']);
    expect(await keysIn(disk)).toEqual([]);
  });

  it('report a held removal that fails instead of failing the backup that ends the hold', async () => {
    const disk = localDiskStorage(dir);
    const failures: string[][] = [];
    const broken: MediaStorage = { ...disk, remove: async () => Promise.reject(new Error('disk gone')) };
    const { storage, hold } = holdableRemovals(broken, (_error, keys) => failures.push(keys));
    const release = hold();
    await storage.remove(['shops/a/main.jpg']);
    await expect(release()).resolves.toBeUndefined();
    expect(failures).toEqual([['shops/a/main.jpg']]);
  });
});
