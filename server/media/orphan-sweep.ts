import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * An upload stores its files while the body streams and writes the row last, and a removal deletes the
 * row first and the files after it. A process killed in between (SIGKILL, power cut, out of memory)
 * leaves files no row names: a whole image folder, or a half-written `.tmp` file. This sweep removes
 * them. It never touches a file written after `before`, so uploads of the process that runs it are
 * safe; files of another API process writing to the same folder at the same time would not be.
 */

export type SweepResult = { folders: number; removedFolders: number; removedFiles: number };

type ImageFolder = { key: string; dir: string; files: { name: string; modifiedMs: number }[] };

// Every image lives in its own folder, `<kind>/<uuid>/`, holding `main.jpg` and its WebP copies.
const MAIN_FILE = 'main.jpg';
const KEYS_PER_QUERY = 1000;

async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The image folders under `root`, with each file's modification time. */
async function imageFolders(root: string): Promise<ImageFolder[]> {
  const folders: ImageFolder[] = [];
  for (const kind of await entriesOf(root)) {
    if (!kind.isDirectory()) continue;
    for (const image of await entriesOf(path.join(root, kind.name))) {
      if (!image.isDirectory()) continue;
      const dir = path.join(root, kind.name, image.name);
      const files = [];
      for (const file of await entriesOf(dir)) {
        // A file removed by a request while we look is simply not there any more.
        const stats = await stat(path.join(dir, file.name)).catch(() => null);
        if (stats?.isFile()) files.push({ name: file.name, modifiedMs: stats.mtimeMs });
      }
      folders.push({ key: `${kind.name}/${image.name}/${MAIN_FILE}`, dir, files });
    }
  }
  return folders;
}

/** Which of `keys` a shop or a product names as its image (bulk data shares one image between both tables). */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
    const chunk = sql.param(keys.slice(start, start + KEYS_PER_QUERY));
    // Both drivers (PGlite and node-postgres) answer `execute` with `{ rows }`.
    const { rows } = (await db.execute(sql`
      select image->>'key' as key from shops where image->>'key' = any(${chunk}::text[])
      union
      select image->>'key' as key from products where image->>'key' = any(${chunk}::text[])`)) as unknown as { rows: { key: string }[] };
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/** Removes image folders no row names and stale `.tmp` files, all written before `before`. */
export async function sweepOrphanMedia(db: Db, root: string, before: Date): Promise<SweepResult> {
  const cutoff = before.getTime();
  const folders = await imageFolders(root);
  const written = (folder: ImageFolder) => folder.files.every((file) => file.modifiedMs < cutoff);
  const candidates = folders.filter(written);
  const referenced = await referencedKeys(db, candidates.map((folder) => folder.key));
  const result: SweepResult = { folders: folders.length, removedFolders: 0, removedFiles: 0 };
  for (const folder of candidates) {
    const orphan = !referenced.has(folder.key);
    const leftovers = orphan ? folder.files : folder.files.filter((file) => file.name.startsWith('.') && file.name.endsWith('.tmp'));
    for (const file of leftovers) await rm(path.join(folder.dir, file.name), { force: true });
    result.removedFiles += leftovers.length;
    if (orphan) {
      // Still holding files (a request wrote one after all): the folder stays, and so do they.
      const removed = await rmdir(folder.dir).then(
        () => true,
        () => false,
      );
      if (removed) result.removedFolders++;
    }
  }
  return result;
}
