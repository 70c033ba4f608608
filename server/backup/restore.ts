import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { extract } from 'tar';
import { openDatabase } from '#server/db/client.ts';
import { loadPglite, loadPostgres, postgresIsEmpty } from '#server/db/dumps.ts';
import { products, shops } from '#server/db/schema.ts';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import { isMediaKey } from '#server/media/media-storage.ts';
import { BackupRefused, DATABASE_FILE, MANIFEST_FILE, type Manifest, MEDIA_FOLDER, manifestSchema } from './backup-file';
import { newWorkFolder } from './work-folder';

export type RestoreTarget = { dataDir: string; databaseUrl: string | undefined; bucket: string | undefined };
export type Restored = { manifest: Manifest; shops: number; products: number };

const MANIFEST_MAX_BYTES = 64 * 1024;
const DATABASE_FILES: readonly string[] = Object.values(DATABASE_FILE);

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Only what a backup holds is unpacked: plain files and folders at our own names, never a link. */
function isBackupEntry(entryPath: string, type: string): boolean {
  const name = entryPath.replace(/\/$/, '');
  const photo = name.startsWith(`${MEDIA_FOLDER}/`) && isMediaKey(name.slice(MEDIA_FOLDER.length + 1));
  if (type === 'Directory') return name === MEDIA_FOLDER || photo;
  return type === 'File' && (name === MANIFEST_FILE || DATABASE_FILES.includes(name) || photo);
}

async function unpack(file: string, folder: string): Promise<void> {
  try {
    await extract({
      file,
      cwd: folder,
      strict: true,
      preserveOwner: false,
      filter: (entryPath, entry) => 'type' in entry && isBackupEntry(entryPath, entry.type),
    });
  } catch (error) {
    throw new BackupRefused(`${file} is damaged or is not a Kasuwa backup (${(error as Error).message}).`);
  }
}

async function readManifest(file: string, folder: string): Promise<Manifest> {
  const notOurs = new BackupRefused(`${file} is not a Kasuwa backup: it has no manifest that npm run backup writes.`);
  const at = path.join(folder, MANIFEST_FILE);
  const size = await stat(at).then(
    (stats) => stats.size,
    () => Number.POSITIVE_INFINITY,
  );
  if (size > MANIFEST_MAX_BYTES) throw notOurs;
  try {
    return manifestSchema.parse(JSON.parse(await readFile(at, 'utf8')));
  } catch {
    throw notOurs;
  }
}

function checkFits(manifest: Manifest, target: RestoreTarget): void {
  if (manifest.database === 'pglite' && target.databaseUrl) {
    throw new BackupRefused('This backup is of the embedded database: restore it without DATABASE_URL.');
  }
  if (manifest.database === 'postgres' && !target.databaseUrl) {
    throw new BackupRefused('This backup is of a PostgreSQL database: set DATABASE_URL to a new, empty PostgreSQL database to restore it.');
  }
  if (manifest.photos === 'included' && target.bucket) {
    throw new BackupRefused('This backup holds its photos, and S3_BUCKET is set: restore it without S3_BUCKET, and the photos go back into DATA_DIR/media.');
  }
  if (manifest.photos === 'bucket' && !target.bucket) {
    throw new BackupRefused('This backup holds the database alone; its photos stayed in the S3 bucket. Set S3_BUCKET and its settings to that bucket.');
  }
}

async function countPhotoFiles(folder: string): Promise<number> {
  let files = 0;
  for await (const _ of localDiskStorage(folder).list()) files++;
  return files;
}

async function countRows(target: RestoreTarget): Promise<{ shops: number; products: number }> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const [shopRows] = await database.db.select({ n: count() }).from(shops);
    const [productRows] = await database.db.select({ n: count() }).from(products);
    return { shops: shopRows!.n, products: productRows!.n };
  } finally {
    await database.close();
  }
}

/** Into an empty target; everything is checked first, and a failed load leaves the target empty again. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Restored> {
  const isFile = await stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
  if (!isFile) throw new BackupRefused(`There is no backup file at ${file}.`);
  const databaseDir = path.join(target.dataDir, 'db');
  const mediaDir = path.join(target.dataDir, 'media');
  if (!target.databaseUrl && !(await isEmptyFolder(databaseDir))) {
    throw new BackupRefused(`${databaseDir} already holds a database. Restore into an empty DATA_DIR, or move that folder away first.`);
  }
  if (target.databaseUrl && !(await postgresIsEmpty(target.databaseUrl))) {
    throw new BackupRefused('The database of DATABASE_URL is not empty. Restore into a new, empty database.');
  }
  if (!target.bucket && !(await isEmptyFolder(mediaDir))) {
    throw new BackupRefused(`${mediaDir} already holds photos. Restore into an empty DATA_DIR, or move that folder away first.`);
  }

  const folder = await newWorkFolder(target.dataDir);
  try {
    await unpack(file, folder);
    const manifest = await readManifest(file, folder);
    checkFits(manifest, target);
    const photoFiles = manifest.photos === 'included' ? await countPhotoFiles(path.join(folder, MEDIA_FOLDER)) : 0;
    if (photoFiles !== manifest.photoFiles) throw new BackupRefused(`${file} is damaged: it holds ${photoFiles} of its ${manifest.photoFiles} photo files.`);
    const dump = path.join(folder, DATABASE_FILE[manifest.database]);
    if (!existsSync(dump)) throw new BackupRefused(`${file} is damaged: its database is missing.`);

    let photosMoved = false;
    try {
      if (target.databaseUrl) await loadPostgres(target.databaseUrl, dump);
      else await loadPglite(databaseDir, dump);
      if (manifest.photos === 'included') {
        // Checked empty above; rmdir refuses to remove anything that arrived since.
        await rmdir(mediaDir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
        await rename(path.join(folder, MEDIA_FOLDER), mediaDir);
        photosMoved = true;
      }
      return { manifest, ...(await countRows(target)) };
    } catch (error) {
      // The target was empty; leave it so, ready for another try (pg_restore rolls back on its own).
      if (!target.databaseUrl) await rm(databaseDir, { recursive: true, force: true });
      if (photosMoved) await rm(mediaDir, { recursive: true, force: true });
      if (error instanceof BackupRefused) throw error;
      throw new BackupRefused(`The database in ${file} could not be restored: ${(error as Error).message}`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
