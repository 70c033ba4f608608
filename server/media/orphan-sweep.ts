import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { MediaStorage, StoredEntry } from './media-storage';

/**
 * An upload stores its files while the body streams and writes the row last, and a removal deletes the
 * row first and the files after it. A process killed in between (SIGKILL, power cut, out of memory)
 * leaves files no row names: a whole image folder, or on disk a half-written `.tmp` file. This sweep
 * removes them, on either storage. It never touches a folder with a file written after `before`
 * (see `sweepCutoff`), so uploads still in progress are safe.
 */

export type SweepResult = { folders: number; removedFolders: number; removedFiles: number };

type ImageFolder = { key: string; entries: StoredEntry[] };

// Every image lives in its own folder, `<kind>/<uuid>/`, holding `main.jpg` and its smaller copies.
// Anything else in the storage (a shared bucket's other objects) is not ours to judge.
const IMAGE_FILE = /^((?:shops|products)\/[A-Za-z0-9_-]+)\/[^/]+$/;
const MAIN_FILE = 'main.jpg';
const FOLDERS_PER_QUERY = 1000;

/**
 * The longest an upload may hold stored files before its row is written: the API's request timeout
 * (an hour, app.ts) and the photos' processing after it, with room to spare.
 */
export const UPLOADS_FINISH_WITHIN_MS = 3 * 60 * 60 * 1000;

/**
 * Files older than this may be judged. A disk belongs to this process alone, so whatever was written
 * before it started is finished (and a crash's leftovers go at once); a bucket is written by every
 * instance, whose uploads in progress may have begun at any time up to UPLOADS_FINISH_WITHIN_MS ago.
 */
export function sweepCutoff(storage: MediaStorage, startedAt: Date, now: Date): Date {
  return storage.shared ? new Date(now.getTime() - UPLOADS_FINISH_WITHIN_MS) : startedAt;
}

/** The image folders of `storage`, one at a time, each with its files (a listing gives a folder's keys together). */
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

/** Which of the folders' main keys a shop or a product names as its image (bulk data shares one image between both tables). */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const list = sql.param(keys);
  // Both drivers (PGlite and node-postgres) answer `execute` with `{ rows }`.
  const { rows } = (await db.execute(sql`
    select image->>'key' as key from shops where image->>'key' = any(${list}::text[])
    union
    select image->>'key' as key from products where image->>'key' = any(${list}::text[])`)) as unknown as { rows: { key: string }[] };
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

/** Removes image folders no row names and stale half-written files, all written before `before`. */
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
