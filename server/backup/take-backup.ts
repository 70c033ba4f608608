import { copyFile, link, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { create } from 'tar';
import type { Database } from '#server/db/client.ts';
import type { SnapshotQuery } from '#server/db/dumps.ts';
import { isMediaKey } from '#server/media/media-storage.ts';
import { DATABASE_FILE, MANIFEST_FILE, type Manifest, MEDIA_FOLDER } from './backup-file';
import type { ReleaseRemovals } from './removal-hold';
import { newWorkFolder } from './work-folder';

export type BackupSource = {
  database: Database;
  dataDir: string;
  /** Undefined when the photos are in a bucket, which the backup leaves out. */
  mediaRoot: string | undefined;
  holdRemovals: () => ReleaseRemovals;
};

export type TakenBackup = {
  manifest: Manifest;
  missingPhotoFiles: number;
  /** The tar file; its work folder goes when the stream closes. */
  stream: Readable;
};

async function namedKeys(query: SnapshotQuery): Promise<string[]> {
  const rows = await query(`
    select image->>'key' as key from shops
    union select image->>'key' from product_images
    union select variant->>'key' from shops, jsonb_array_elements(image->'variants') as variant
    union select variant->>'key' from product_images, jsonb_array_elements(image->'variants') as variant`);
  return rows.map((row) => String(row.key)).sort();
}

/** Hard links: instant, and the linked file outlives a removal of the original. */
async function linkPhotos(mediaRoot: string, into: string, keys: string[]): Promise<{ linked: number; missing: number }> {
  let linked = 0;
  let missing = 0;
  const byFolder = new Map<string, string[]>();
  for (const key of keys.filter(isMediaKey)) {
    const folder = path.posix.dirname(key);
    const inFolder = byFolder.get(folder);
    if (inFolder) inFolder.push(key);
    else byFolder.set(folder, [key]);
  }
  for (const [folder, folderKeys] of byFolder) {
    await mkdir(path.join(into, ...folder.split('/')), { recursive: true });
    await Promise.all(
      folderKeys.map(async (key) => {
        const from = path.join(mediaRoot, ...key.split('/'));
        const to = path.join(into, ...key.split('/'));
        try {
          await link(from, to).catch((error: NodeJS.ErrnoException) => (error.code === 'EXDEV' ? copyFile(from, to) : Promise.reject(error)));
          linked++;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          missing++;
        }
      }),
    );
  }
  return { linked, missing };
}

/** Photo removals wait from the snapshot until its files are linked, so none goes missing from the backup. */
export async function takeBackup(source: BackupSource): Promise<TakenBackup> {
  const folder = await newWorkFolder(source.dataDir);
  try {
    const databaseFile = DATABASE_FILE[source.database.kind];
    const takenAt = new Date().toISOString();
    let photos = { linked: 0, missing: 0 };
    const release = source.holdRemovals();
    try {
      const keys = await source.database.snapshot(path.join(folder, databaseFile), namedKeys);
      if (source.mediaRoot) photos = await linkPhotos(source.mediaRoot, path.join(folder, MEDIA_FOLDER), keys);
    } finally {
      await release();
    }
    const manifest: Manifest = {
      format: 'kasuwa-backup',
      version: 1,
      takenAt,
      database: source.database.kind,
      photos: source.mediaRoot ? 'included' : 'bucket',
      photoFiles: photos.linked,
    };
    await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    if (source.mediaRoot) await mkdir(path.join(folder, MEDIA_FOLDER), { recursive: true });
    const entries = [MANIFEST_FILE, databaseFile, ...(source.mediaRoot ? [MEDIA_FOLDER] : [])];
    const stream = Readable.from(create({ cwd: folder, portable: true }, entries));
    stream.once('close', () => void rm(folder, { recursive: true, force: true }));
    return { manifest, missingPhotoFiles: photos.missing, stream };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
