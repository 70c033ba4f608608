import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { MediaStorage, StoredEntry } from './media-storage';

/**
 * Uploads write files before their row and removals delete the row first, so a killed process leaves
 * files no row names; the sweep skips folders written after its cutoff, so uploads in progress are safe.
 */

export type SweepResult = { folders: number; removedFolders: number; removedFiles: number };

type ImageFolder = { key: string; entries: StoredEntry[] };

// A shared bucket's other objects are not ours to judge.
const IMAGE_FILE = /^((?:shops|products)\/[A-Za-z0-9_-]+)\/[^/]+$/;
const MAIN_FILE = 'main.jpg';
const FOLDERS_PER_QUERY = 1000;

/** The API's request timeout and the photos' processing after it, with room to spare. */
export const UPLOADS_FINISH_WITHIN_MS = 3 * 60 * 60 * 1000;

/** A disk is this process's alone, so anything older than its start is finished; a bucket is every instance's. */
export function sweepCutoff(storage: MediaStorage, startedAt: Date, now: Date): Date {
  return storage.shared ? new Date(now.getTime() - UPLOADS_FINISH_WITHIN_MS) : startedAt;
}

/** A listing gives a folder's keys together. */
async function* imageFolders(storage: MediaStorage): AsyncGenerator<ImageFolder> {
  let current: ImageFolder | undefined;
  for await (const entry of storage.list()) {
    const folder = IMAGE_FILE.exec(entry.key)?.[1];
    if (!folder) continue;
    if (current?.key !== folder) {
      if (current) yield current;
      current = { key: folder, entries: [] };
    }
    current.entries.push(entry);
  }
  if (current) yield current;
}

/** Both tables: bulk data shares one image between a shop and a product. */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const list = sql.param(keys);
  const { rows } = (await db.execute(sql`
    select image->>'key' as key from shops where image->>'key' = any(${list}::text[])
    union
    select image->>'key' as key from product_images where image->>'key' = any(${list}::text[])`)) as unknown as { rows: { key: string }[] };
  return new Set(rows.map((row) => row.key));
}

const isLeftover = (key: string) => key.slice(key.lastIndexOf('/') + 1).startsWith('.') && key.endsWith('.tmp');

async function sweepFolders(db: Db, storage: MediaStorage, folders: ImageFolder[], result: SweepResult): Promise<void> {
  const referenced = await referencedKeys(
    db,
    folders.map((folder) => `${folder.key}/${MAIN_FILE}`),
  );
  for (const folder of folders) {
    const orphan = !referenced.has(`${folder.key}/${MAIN_FILE}`);
    const leftovers = orphan ? folder.entries : folder.entries.filter((entry) => isLeftover(entry.key));
    if (!leftovers.length) continue;
    await storage.remove(leftovers.map((entry) => entry.key));
    result.removedFiles += leftovers.length;
    if (orphan) result.removedFolders++;
  }
}

export async function sweepOrphanMedia(db: Db, storage: MediaStorage, before: Date): Promise<SweepResult> {
  const cutoff = before.getTime();
  const result: SweepResult = { folders: 0, removedFolders: 0, removedFiles: 0 };
  let batch: ImageFolder[] = [];
  for await (const folder of imageFolders(storage)) {
    result.folders++;
    if (!folder.entries.every((entry) => entry.modifiedMs < cutoff)) continue;
    batch.push(folder);
    if (batch.length === FOLDERS_PER_QUERY) {
      await sweepFolders(db, storage, batch, result);
      batch = [];
    }
  }
  if (batch.length) await sweepFolders(db, storage, batch, result);
  return result;
}
