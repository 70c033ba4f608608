import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createContext, type MiddlewareFunction } from 'react-router';
import { getWebEnv } from '#app/lib/env.server.ts';

/** Where posted photos wait while their request is handled. */
export function uploadsFolder(): string {
  return path.join(getWebEnv().dataDir, 'tmp', 'uploads');
}

/** Older than any request lives (uploads time out after a minute), so no other web process still uses it. */
const STALE_MS = 60 * 60_000;

/** Folders holding this request's uploaded photos (see read-form.server.ts), each as it is being made. */
export const spooledUploads = createContext<Promise<string>[]>();

/**
 * Gives each request its own list of upload folders and removes them once the answer is ready: by
 * then the action has sent the photos on to the provider, or refused them. A process killed in
 * between leaves its folders behind; the web server removes old ones when it starts.
 */
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

/** Removes upload folders a killed web process left behind; called once as the web tier starts. */
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
