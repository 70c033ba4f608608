import path from 'node:path';
import { checkEnv } from '#server/config.ts';
import { BackupRefused } from './backup-file';
import { runCommand, typedIn } from './command-line';
import { restoreBackup } from './restore';

const USAGE = 'Usage: npm run restore FILE   (into an empty DATA_DIR, or an empty PostgreSQL database with DATABASE_URL)';

const counted = (n: number, thing: string) => `${n} ${thing}${n === 1 ? '' : 's'}`;

/** `npm run restore FILE`: a file of `npm run backup` back into an empty DATA_DIR or PostgreSQL database. */
async function main(args: string[]) {
  const [given, ...rest] = args;
  if (!given || rest.length || given.startsWith('-')) throw new BackupRefused(USAGE);
  const env = checkEnv(process.env);
  const file = path.resolve(typedIn(), given);
  const restored = await restoreBackup(file, { dataDir: env.dataDir, databaseUrl: env.databaseUrl, bucket: env.S3_BUCKET });
  const where = env.databaseUrl ? 'the database of DATABASE_URL' : env.dataDir;
  const counts = [counted(restored.shops, 'shop'), counted(restored.products, 'product')];
  if (restored.manifest.photos === 'included') counts.push(counted(restored.manifest.photoFiles, 'photo file'));
  console.log(`Restored the backup taken ${restored.manifest.takenAt} into ${where}: ${counts.join(', ')}.`);
  // The embedded database's signing keys live in DATA_DIR/secrets, which a backup leaves out; PostgreSQL keeps them in the database.
  const signIns = env.databaseUrl ? '' : ' Everyone signs in again.';
  console.log(`Start the product on it as usual.${signIns}`);
}

runCommand(main);
