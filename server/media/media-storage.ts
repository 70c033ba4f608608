import path from 'node:path';

export type StoredEntry = { key: string; modifiedMs: number };

export interface MediaStorage {
  /** Other instances write here too: the orphan sweep must leave time for their uploads. */
  readonly shared: boolean;
  /** Stores the whole object or nothing: a reader never sees part of one, even after a crash. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Keys that do not exist are ignored, so cleanup after a half-failed upload can pass every planned key. */
  remove(keys: string[]): Promise<void>;
  open(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number; contentType: string } | null>;
  /** Every stored object, and the driver's own leftovers of an interrupted write, in key order. */
  list(): AsyncIterable<StoredEntry>;
  check(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: MediaStorage;
  }
}

// No segment may start with a dot: that refuses `..` and keeps half-written `.tmp` files out of reach of `open`.
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export const MEDIA_KEY_MAX_LENGTH = 512;

/** The only keys any driver reads or writes. */
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
