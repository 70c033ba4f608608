import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#scripts/lib/product.ts';

/** Points the web tier's environment at a port nothing listens on and a fresh DATA_DIR, which it returns. */
export async function webEnvWithProviderDown(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-web-'));
  process.env.PROVIDER_URL = `http://127.0.0.1:${await freePort()}`;
  process.env.DATA_DIR = dataDir;
  return dataDir;
}
