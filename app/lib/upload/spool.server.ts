import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createContext, type MiddlewareFunction } from 'react-router';
import { getWebEnv } from '#app/lib/env.server.ts';

export function uploadsFolder(): string {
  return path.join(getWebEnv().dataDir, 'tmp', 'uploads');
}

/** Older than any request lives, so no other web process still uses it. */
const STALE_MS = 60 * 60_000;

export const spooledUploads = createContext<Promise<string>[]>();

/** By the time the answer is ready, the action has sent the photos on or refused them. */
export const removeSpooledUploads: MiddlewareFunction<Response> = async ({ context }, next) => {
  const folders: Promise<string>[] = [];
  context.set(spooledUploads, folders);
  try {
    return await next();
  } finally {
    for (const made of await Promise.allSettled(folders)) {
      if (made.status === 'fulfilled') await rm(made.value, { recursive: true, force: true });
    }
  }
};

export async function removeStaleUploads(): Promise<void> {
  const root = uploadsFolder();
  const names = await readdir(root).catch(() => []);
  await Promise.all(
    names.map(async (name) => {
      const folder = path.join(root, name);
      const { mtimeMs } = await stat(folder).catch(() => ({ mtimeMs: Date.now() }));
      if (Date.now() - mtimeMs > STALE_MS) await rm(folder, { recursive: true, force: true });
    }),
  );
}
