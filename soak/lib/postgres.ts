import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#scripts/lib/product.ts';

export type Cluster = { url: string; stop(): void };

/** Debian's newest PostgreSQL binaries, or null when the `postgresql` package is not installed. */
function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')));
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions[versions.length - 1]!, 'bin') : null;
}

/**
 * A throwaway PostgreSQL cluster in /tmp on a free port, as `.ci/run` makes one (the server refuses to
 * run as root, so as root it belongs to the `postgres` user). Unlike CI's, it keeps fsync on: this
 * run is about what survives a crash. Null, with the reason, when PostgreSQL is not installed.
 */
export async function startCluster(): Promise<Cluster | { unavailable: string }> {
  const bin = binDir();
  if (!bin) return { unavailable: "Debian's postgresql package is not installed (apt-get install postgresql)" };
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, command), asRoot ? ['-u', 'postgres', '--', path.join(bin, command), ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kasuwa-soak-pg-'));
  const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
  if (asRoot) chownSync(dir, idOf('-u'), idOf('-g'));
  const port = await freePort();
  try {
    run('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    run('pg_ctl', [
      '-D',
      `${dir}/data`,
      '-l',
      `${dir}/server.log`,
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`,
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: `the throwaway cluster did not start: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}` };
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
