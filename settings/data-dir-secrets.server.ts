import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A secret an earlier start left in DATA_DIR, if any. */
export function secretInDataDir(dataDir: string, name: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, 'secrets', name), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Reads a secret from DATA_DIR, creating it on first start so restarts keep sessions and tokens valid. */
export function persistentSecret(dataDir: string, name: string): string {
  const kept = secretInDataDir(dataDir, name);
  if (kept !== undefined) return kept;
  const file = path.join(dataDir, 'secrets', name);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process starting at the same moment wrote it first; theirs wins.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  return secret;
}
