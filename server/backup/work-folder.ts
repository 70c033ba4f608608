import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';

/** Inside DATA_DIR, so that photos are hard-linked into a backup and moved out of a restore, never copied. */
const workRoot = (dataDir: string) => path.join(dataDir, 'tmp', 'backups');

/** A new private folder for one backup or restore; the caller removes it. */
export async function newWorkFolder(dataDir: string): Promise<string> {
  await mkdir(workRoot(dataDir), { recursive: true });
  return mkdtemp(path.join(workRoot(dataDir), 'work-'));
}

/** What a backup or restore stopped midway left behind (the API runs this at start). */
export const removeBackupLeftovers = (dataDir: string) => rm(workRoot(dataDir), { recursive: true, force: true });
