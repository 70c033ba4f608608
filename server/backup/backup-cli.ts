import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';
import { checkEnv } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { adminSecret, runningAdminEndpoint } from '#server/moderation/admin-endpoint.ts';
import { BackupRefused } from './backup-file';
import { runCommand, typedIn } from './command-line';
import { takeBackup } from './take-backup';

const USAGE = 'Usage: npm run backup [-- --out FILE]';

function outputFile(args: string[]): string {
  const [flag, value, ...rest] = args;
  let given: string | undefined;
  if (flag === undefined) given = undefined;
  else if (flag === '--out' && value && !rest.length) given = value;
  else if (flag.startsWith('--out=') && flag.length > 6 && value === undefined) given = flag.slice(6);
  else throw new BackupRefused(USAGE);
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
  return path.resolve(typedIn(), given ?? `kasuwa-backup-${stamp}Z.tar`);
}

/** From the running API, which holds the embedded database or deletes the photos: it takes the backup and streams it here. */
async function fromApi(port: number, dataDir: string): Promise<{ body: Readable; missing: number }> {
  // A large database takes a while to dump before the first byte: no time limit on the answer.
  const dispatcher = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(`http://127.0.0.1:${port}/admin/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminSecret(dataDir)}` },
      dispatcher,
    });
  } catch (error) {
    throw new BackupRefused(`The API that holds ${dataDir} runs but did not answer on 127.0.0.1:${port} (${(error as Error).message}).`);
  }
  if (answer.statusCode !== 200) {
    const detail = await answer.body.json().then(
      (body) => (body as { detail?: unknown }).detail,
      () => undefined,
    );
    const reason = typeof detail === 'string' ? `: ${detail.slice(0, 500)}` : '.';
    throw new BackupRefused(`The API on 127.0.0.1:${port} could not take the backup (HTTP ${answer.statusCode})${reason}`);
  }
  return { body: answer.body, missing: Number(answer.headers['x-missing-photo-files'] ?? 0) };
}

/** With no API running, this process opens the database itself; nobody else writes meanwhile. */
async function directly(databaseUrl: string | undefined, dataDir: string, photosOnDisk: boolean, write: (body: Readable) => Promise<void>): Promise<number> {
  if (!databaseUrl && !existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
    throw new BackupRefused(`There is no database in ${path.join(dataDir, 'db')}: nothing to back up. Is DATA_DIR the product's?`);
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const backup = await takeBackup({
      database,
      dataDir,
      mediaRoot: photosOnDisk ? path.join(dataDir, 'media') : undefined,
      holdRemovals: () => async () => {},
    });
    await write(backup.stream);
    return backup.missingPhotoFiles;
  } finally {
    await database.close();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `npm run backup [-- --out FILE]`: the database and the photos on disk (or the database alone with S3_BUCKET) in one tar file. */
async function main(args: string[]) {
  const out = outputFile(args);
  const env = checkEnv(process.env);
  const { databaseUrl, dataDir } = env;
  const photosOnDisk = !env.S3_BUCKET;
  if (existsSync(out)) throw new BackupRefused(`${out} already exists; name another file with --out.`);
  if (!existsSync(path.dirname(out))) throw new BackupRefused(`There is no folder ${path.dirname(out)} to write the backup in.`);
  // Written beside its final name and renamed when whole, so a file with that name is always a finished backup.
  const partial = `${out}.partial`;
  const write = (body: Readable) => pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  const running = !databaseUrl || photosOnDisk ? await runningAdminEndpoint(dataDir) : undefined;
  let missing: number;
  try {
    if (running) {
      const answer = await fromApi(running.port, dataDir);
      await write(answer.body).catch((error: Error) => {
        throw new BackupRefused(`The API stopped sending the backup midway (${error.message}); nothing was kept.`);
      });
      missing = answer.missing;
    } else {
      missing = await directly(databaseUrl, dataDir, photosOnDisk, write);
    }
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const what = photosOnDisk ? 'the database and its photos' : `the database; the photos stay in the bucket ${env.S3_BUCKET}`;
  console.log(`Backup written to ${out} (${megabytes((await stat(out)).size)}): ${what}.`);
  if (missing) console.log(`${missing} photo files named by shops or products were already missing from ${path.join(dataDir, 'media')}.`);
}

runCommand(main);
