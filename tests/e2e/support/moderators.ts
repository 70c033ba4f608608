import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, inject } from 'vitest';
import { ROOT } from '#scripts/lib/product.ts';
import { testProductEnv } from './global-setup';

const run = promisify(execFile);

/** `npm run moderator -- grant EMAIL` while the product runs on its embedded database. */
export async function grantModerator(email: string) {
  const cli = path.join(ROOT, 'server/moderation/moderator-cli.ts');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, 'grant', email], {
    env: testProductEnv({ DATA_DIR: inject('dataDir') }),
    cwd: ROOT,
    timeout: 60_000,
  });
  expect(stdout.trim()).toBe(`${email} is now a moderator.`);
}
