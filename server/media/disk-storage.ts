import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, isMediaKey, MEDIA_KEY_MAX_LENGTH, type MediaStorage, type StoredEntry } from './media-storage';

/** A half-written file the disk driver leaves when killed mid-write: only the orphan sweep removes these. */
const LEFTOVER = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)+\.[A-Za-z0-9._-]+\.tmp$/;

// A path segment longer than the file system allows (ENAMETOOLONG) cannot be one of our keys either.
const isMissing = (error: unknown) => error instanceof Error && 'code' in error && ['ENOENT', 'ENOTDIR', 'ENAMETOOLONG'].includes(String(error.code));

/** A file's type comes from its extension, so `put`'s `contentType` is ignored. */
export function localDiskStorage(root: string): MediaStorage {
  const base = path.resolve(root);

  /** Null for anything that is not a key we could have written. */
  function fileOf(key: string, leftoversToo = false): string | null {
    if (!isMediaKey(key) && !(leftoversToo && key.length <= MEDIA_KEY_MAX_LENGTH && LEFTOVER.test(key))) return null;
    const file = path.join(base, ...key.split('/'));
    // The pattern already rules out escaping; this guards against a future change to it.
    return file.startsWith(base + path.sep) ? file : null;
  }

  /** Each folder's entries sorted, so a folder's keys come together and in key order. */
  async function* walk(dir: string, prefix: string): AsyncGenerator<StoredEntry> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = prefix + entry.name;
      if (entry.isDirectory()) {
        yield* walk(path.join(dir, entry.name), `${key}/`);
      } else if (entry.isFile()) {
        // A file removed by a request while we look is simply not there any more.
        const stats = await stat(path.join(dir, entry.name)).catch(() => null);
        if (stats?.isFile()) yield { key, modifiedMs: stats.mtimeMs };
      }
    }
  }

  return {
    shared: false,

    async put(key, data) {
      const file = fileOf(key);
      if (!file) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target then renamed: a reader never sees a half-written image, even after a crash.
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      try {
        const handle = await open(temp, 'wx');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async remove(keys) {
      const files = keys.map((key) => fileOf(key, true)).filter((file) => file !== null);
      await Promise.all(files.map((file) => rm(file, { force: true })));
      // Each image has its own folder; drop the ones left empty.
      const folders = new Set(files.map((file) => path.dirname(file)));
      await Promise.all([...folders].map((folder) => rmdir(folder).catch(() => undefined)));
    },

    async open(key) {
      const file = fileOf(key);
      if (!file) return null;
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // Stat the open handle, not the path: the size sent is then always that of the file being streamed.
      const stats = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(), size: stats.size, contentType: contentTypeOf(key) };
    },

    list: () => walk(base, ''),

    async check() {
      await mkdir(base, { recursive: true });
      await access(base, constants.W_OK);
    },
  };
}
