import { rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { persistentSecret } from '#settings/data-dir-secrets.server.ts';

/** Embedded PGlite opens in one process only, so while the API runs the command line asks it over loopback. */
const endpointFile = (dataDir: string) => path.join(dataDir, 'secrets', 'admin-api.json');

export const adminSecret = (dataDir: string) => persistentSecret(dataDir, 'admin');

/** The answer removes the note again, at a graceful stop. */
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

/** A note left by a killed API is ignored. */
export async function runningAdminEndpoint(dataDir: string): Promise<{ port: number } | undefined> {
  let note: { port?: unknown; pid?: unknown };
  try {
    note = JSON.parse(await readFile(endpointFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
  return typeof note.port === 'number' && typeof note.pid === 'number' && alive(note.pid) ? { port: note.port } : undefined;
}
