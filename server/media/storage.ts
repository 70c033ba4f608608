import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded images live. The local disk driver is the only one today; an S3-compatible one would implement the same. */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Keys that do not exist are ignored, so cleanup after a half-failed upload can pass every planned key. */
  remove(keys: string[]): Promise<void>;
  /** Null when the key is unknown or not a valid key at all. */
  open(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number; contentType: string } | null>;
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

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

// A path segment longer than the file system allows (ENAMETOOLONG) cannot be one of our keys either.
const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && ['ENOENT', 'ENOTDIR', 'ENAMETOOLONG'].includes(String(error.code));

/**
 * Stores each key as a file under `root`. The local driver knows a file's type from its extension, so it
 * ignores the `contentType` given to `put`; our keys always end in the extension of what they hold.
 */
export function localDiskStorage(root: string): MediaStorage {
  const base = path.resolve(root);

  /** The file of a key, or null for anything that is not a key we could have written. */
  function fileOf(key: string): string | null {
    if (key.length > KEY_MAX_LENGTH || !KEY.test(key)) return null;
    const file = path.join(base, ...key.split('/'));
    // The pattern already rules out escaping; this guards against a future change to it.
    return file.startsWith(base + path.sep) ? file : null;
  }

  return {
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
      const files = keys.map(fileOf).filter((file) => file !== null);
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
  };
}
