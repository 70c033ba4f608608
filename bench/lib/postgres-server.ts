import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#scripts/lib/product.ts';

export type PostgresServer = {
  /** A URL on the server's maintenance database, for creating throwaway databases. */
  url: string;
  /** How the server was had, for the report. */
  source: string;
  /** The postmaster's pid when this script started the server (its memory can then be measured). */
  pid: number | undefined;
  stop(): void;
};

const MISSING = [
  'This benchmark needs a PostgreSQL server. Either set DATABASE_URL to a server on which it may create and',
  "drop databases, or install Debian's PostgreSQL (apt-get install postgresql) so that it can start a",
  'throwaway cluster of its own in a temporary folder.',
].join('\n');

/** The newest installed server's bin folder (Debian keeps them in /usr/lib/postgresql/<major>/bin). */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')));
  majors.sort((a, b) => Number(a) - Number(b));
  return majors.length ? path.join(root, majors.at(-1)!, 'bin') : undefined;
}

/**
 * `DATABASE_URL` when set; otherwise a new cluster in a temporary folder, started like CI's (`.ci/run`):
 * durability off because it lives for one run, and owned by the `postgres` user because the server
 * refuses to run as root. Throws with a clear message when neither is possible.
 */
export async function postgresServer(): Promise<PostgresServer> {
  const configured = process.env.DATABASE_URL;
  if (configured) return { url: configured, source: 'the server of DATABASE_URL', pid: undefined, stop() {} };

  const bin = postgresBin();
  if (!bin) throw new Error(MISSING);
  const asRoot = process.getuid?.() === 0;
  const invocation = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
  const run = (command: string, args: string[]) => {
    const result = spawnSync(...invocation(command, args), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed:\n${result.stderr || result.stdout}\n${MISSING}`);
    return result.stdout;
  };

  const dir = mkdtempSync(path.join(os.tmpdir(), 'kasuwa-bench-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', settings, 'start']);
  const pid = Number(run('pg_ctl', ['-D', data, 'status']).match(/PID: (\d+)/)?.[1]);
  const version = path.basename(path.dirname(bin));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    source: `a throwaway PostgreSQL ${version} cluster started by the script (fsync off)`,
    pid: Number.isInteger(pid) ? pid : undefined,
    stop() {
      spawnSync(...invocation('pg_ctl', ['-D', data, '-m', 'fast', 'stop']));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
