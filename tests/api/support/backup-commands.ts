import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { list } from 'tar';

const run = promisify(execFile);

/** `npm run backup -- …` or `npm run restore …` as a person types them, with `env` for DATA_DIR and DATABASE_URL. */
export async function backupCommand(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const script = path.resolve(`server/backup/${command}-cli.ts`);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      timeout: 170_000,
    });
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const failed = error as { code: number; stderr: string; stdout: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}`.trim() };
  }
}

/** The names inside a backup file, folders left out. */
export async function filesInBackup(file: string): Promise<string[]> {
  const names: string[] = [];
  await list({ file, onReadEntry: (entry) => void (entry.type === 'File' && names.push(entry.path)) });
  return names;
}

/** Every file under `root`, as storage keys (`shops/<uuid>/main.jpg`). */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
