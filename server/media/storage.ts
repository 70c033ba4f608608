import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { StorageSettings } from '#server/config.ts';

/** One stored object as the orphan sweep sees it. */
export type StoredEntry = { key: string; modifiedMs: number };

/** Where uploaded images live: the local disk (`localDiskStorage`) or an S3-compatible bucket (`s3Storage`). */
export interface MediaStorage {
  /** Other API instances write to the same place (a bucket): the orphan sweep must then leave time for their uploads. */
  readonly shared: boolean;
  /** Stores the whole object or nothing: a reader never sees part of one, even after a crash. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Keys that do not exist are ignored, so cleanup after a half-failed upload can pass every planned key. */
  remove(keys: string[]): Promise<void>;
  /** Null when the key is unknown or not a valid key at all. */
  open(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number; contentType: string } | null>;
  /** Every stored object, and the driver's own leftovers of an interrupted write, in key order. */
  list(): AsyncIterable<StoredEntry>;
  /** Throws when the storage cannot be reached (the readiness check). */
  check(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: MediaStorage;
  }
}

// Keys are ours (`shops/<uuid>/main.jpg`), so a strict shape costs nothing. No segment may start with a dot:
// that refuses `.` and `..` and keeps our own half-written `.tmp` files out of reach of `open`.
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const KEY_MAX_LENGTH = 512;
/** A half-written file the disk driver leaves when killed mid-write: only the orphan sweep removes these. */
const LEFTOVER = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)+\.[A-Za-z0-9._-]+\.tmp$/;

/** Whether `key` could be one of ours: the only keys any driver reads or writes. */
export function isMediaKey(key: string): boolean {
  return key.length <= KEY_MAX_LENGTH && KEY.test(key);
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

// A path segment longer than the file system allows (ENAMETOOLONG) cannot be one of our keys either.
const isMissing = (error: unknown) => error instanceof Error && 'code' in error && ['ENOENT', 'ENOTDIR', 'ENAMETOOLONG'].includes(String(error.code));

/**
 * Stores each key as a file under `root`. The local driver knows a file's type from its extension, so it
 * ignores the `contentType` given to `put`; our keys always end in the extension of what they hold.
 */
export function localDiskStorage(root: string): MediaStorage {
  const base = path.resolve(root);

  /** The file of a key (or of a leftover, when removing), or null for anything that is not one we could have written. */
  function fileOf(key: string, leftoversToo = false): string | null {
    if (!isMediaKey(key) && !(leftoversToo && key.length <= KEY_MAX_LENGTH && LEFTOVER.test(key))) return null;
    const file = path.join(base, ...key.split('/'));
    // The pattern already rules out escaping; this guards against a future change to it.
    return file.startsWith(base + path.sep) ? file : null;
  }

  /** Files under `dir` depth first, each folder's entries sorted, so a folder's keys come together and in key order. */
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
      // Each image has its own folder; drop the ones left empty. A folder still holding files stays.
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

/** The storage the settings name; the S3 driver (and its SDK) is loaded only when a bucket is configured. */
export async function openStorage(settings: StorageSettings): Promise<MediaStorage> {
  if (settings.kind === 'disk') return localDiskStorage(settings.root);
  const { s3Storage } = await import('./s3-storage');
  return s3Storage(settings);
}
