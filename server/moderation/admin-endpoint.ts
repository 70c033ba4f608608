import { rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { persistentSecret } from '#settings/data-dir-secrets.server.ts';

/**
 * Embedded PGlite can be opened by one process only, so while the API runs, `npm run moderator` asks it
 * over loopback instead. The API names its port and process here; the secret sits beside the others.
 */
const endpointFile = (dataDir: string) => path.join(dataDir, 'secrets', 'admin-api.json');

export const adminSecret = (dataDir: string) => persistentSecret(dataDir, 'admin');

/** Says where this API listens for admin calls; the answer removes the note again (at a graceful stop). */
export function announceAdminEndpoint(dataDir: string, port: number): () => void {
  adminSecret(dataDir);
  const file = endpointFile(dataDir);
  writeFileSync(file, JSON.stringify({ port, pid: process.pid }), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running API's admin port, or undefined when no API holds this DATA_DIR's database (a note left by a killed one is ignored). */
export async function runningAdminEndpoint(dataDir: string): Promise<{ port: number } | undefined> {
  let note: { port?: unknown; pid?: unknown };
  try {
    note = JSON.parse(await readFile(endpointFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
  return typeof note.port === 'number' && typeof note.pid === 'number' && alive(note.pid) ? { port: note.port } : undefined;
}
