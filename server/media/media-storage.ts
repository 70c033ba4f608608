import path from 'node:path';

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
export const MEDIA_KEY_MAX_LENGTH = 512;

/** Whether `key` could be one of ours: the only keys any driver reads or writes. */
export function isMediaKey(key: string): boolean {
  return key.length <= MEDIA_KEY_MAX_LENGTH && KEY.test(key);
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
