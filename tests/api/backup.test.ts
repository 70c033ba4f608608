import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayDatabase } from '#bench/lib/throwaway-database.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { postgresIsEmpty } from '#server/db/dumps.ts';
import { shops } from '#server/db/schema.ts';
import { adminSecret } from '#server/moderation/admin-endpoint.ts';
import { backupCommand, filesInBackup, filesUnder } from './support/backup-commands';
import { freshDatabase } from './support/harness';
import { bearer, signUp } from './support/requests';
import { createShop } from './support/shops';

let app: FastifyInstance;
let database: Database;
let databaseUrl: string | undefined;
let dropDatabase: () => Promise<void>;
let dataDir: string;
let scratch: string;
/** Set by a test to hold every backup right after its database snapshot, until it resolves. */
let afterSnapshot: { taken(): void; resume: Promise<void> } | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-backup-'));
  scratch = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-backup-files-'));
  const fresh = await freshDatabase();
  ({ database, url: databaseUrl, drop: dropDatabase } = fresh);
  await database.migrate();
  const pausing: Database = {
    ...database,
    async snapshot(file, read) {
      const found = await database.snapshot(file, read);
      afterSnapshot?.taken();
      await afterSnapshot?.resume;
      return found;
    },
  };
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '10000', SEED_DEMO: '0' });
  app = await buildApp({ config, database: pausing, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

const mediaRoot = () => path.join(dataDir, 'media');

/** A shop's photo files: the main JPEG and every smaller copy. */
async function photoKeys(shopId: string): Promise<string[]> {
  const [row] = await database.db.select({ image: shops.image }).from(shops).where(eq(shops.id, shopId));
  return [row!.image.key, ...row!.image.variants.map((variant) => variant.key)];
}

function startBackup() {
  return app.inject({ method: 'POST', url: '/admin/backup', headers: { authorization: `Bearer ${adminSecret(dataDir)}` } });
}

async function backupFile(name: string): Promise<string> {
  const answer = await startBackup();
  expect(answer.statusCode).toBe(200);
  const file = path.join(scratch, name);
  await writeFile(file, answer.rawPayload);
  return file;
}

/** A new, empty place to restore into: a DATA_DIR, and on PostgreSQL a new database. */
async function emptyTarget() {
  const dir = await mkdtemp(path.join(scratch, 'target-'));
  const created = databaseUrl ? await throwawayDatabase(databaseUrl) : undefined;
  return {
    dir,
    env: { DATA_DIR: dir, DATABASE_URL: created?.url ?? '' },
    databaseIsEmpty: () => (created ? postgresIsEmpty(created.url) : filesUnder(path.join(dir, 'db')).then((files) => files.length === 0)),
    drop: async () => created?.drop(),
  };
}

describe('a backup taken while owners write', () => {
  it('keeps the photos of a shop deleted after its snapshot, and no photo whose row came later', { timeout: 60_000 }, async () => {
    const owner = await signUp(app);
    const kept = await createShop(app, owner.access, { name: 'Kept Stall' });
    const going = await createShop(app, owner.access, { name: 'Going Stall' });
    const keptKeys = await photoKeys(kept.id);
    const goingKeys = await photoKeys(going.id);

    let taken!: () => void;
    const snapshotTaken = new Promise<void>((resolve) => (taken = resolve));
    let resume!: () => void;
    afterSnapshot = { taken, resume: new Promise<void>((resolve) => (resume = resolve)) };
    const backup = startBackup();
    await snapshotTaken;
    // The owner is answered at once; the files wait for the backup.
    const deleted = await app.inject({ method: 'DELETE', url: `/shops/${going.id}/delete/`, headers: bearer(owner.access) });
    expect(deleted.statusCode).toBe(204);
    const late = await createShop(app, owner.access, { name: 'Late Stall' });
    const lateKeys = await photoKeys(late.id);
    expect(await filesUnder(mediaRoot())).toEqual(expect.arrayContaining(goingKeys));
    resume();
    afterSnapshot = undefined;

    const answer = await backup;
    expect(answer.statusCode).toBe(200);
    const file = path.join(scratch, 'during-writes.tar');
    await writeFile(file, answer.rawPayload);
    const inBackup = await filesInBackup(file);
    expect(inBackup).toEqual(expect.arrayContaining([...keptKeys, ...goingKeys].map((key) => `media/${key}`)));
    expect(inBackup.filter((name) => lateKeys.some((key) => name.endsWith(key)))).toEqual([]);
    // Once the backup has its links, the deleted shop's photos leave the disk.
    const onDisk = await filesUnder(mediaRoot());
    expect(onDisk.filter((key) => goingKeys.includes(key))).toEqual([]);
    expect(onDisk).toEqual(expect.arrayContaining([...keptKeys, ...lateKeys]));
  });
});

describe('npm run restore', () => {
  let good: string;
  beforeAll(async () => {
    const owner = await signUp(app);
    await createShop(app, owner.access, { name: 'Restored Stall' });
    good = await backupFile('good.tar');
  });

  it('refuses a target that already holds a database, and leaves it alone', { timeout: 60_000 }, async () => {
    const target = await emptyTarget();
    try {
      if (databaseUrl) {
        // The test's own database, full of rows.
        expect(await backupCommand('restore', [good], { ...target.env, DATABASE_URL: databaseUrl })).toEqual({
          code: 1,
          out: 'The database of DATABASE_URL is not empty. Restore into a new, empty database.',
        });
      } else {
        await mkdir(path.join(target.dir, 'db'));
        await writeFile(path.join(target.dir, 'db', 'PG_VERSION'), '17\n');
        expect(await backupCommand('restore', [good], target.env)).toEqual({
          code: 1,
          out: `${path.join(target.dir, 'db')} already holds a database. Restore into an empty DATA_DIR, or move that folder away first.`,
        });
        expect(await readFile(path.join(target.dir, 'db', 'PG_VERSION'), 'utf8')).toBe('17\n');
      }
    } finally {
      await target.drop();
    }
  });

  it('refuses a DATA_DIR that already holds photos', { timeout: 60_000 }, async () => {
    const target = await emptyTarget();
    try {
      await mkdir(path.join(target.dir, 'media', 'shops'), { recursive: true });
      expect(await backupCommand('restore', [good], target.env)).toEqual({
        code: 1,
        out: `${path.join(target.dir, 'media')} already holds photos. Restore into an empty DATA_DIR, or move that folder away first.`,
      });
      expect(await target.databaseIsEmpty()).toBe(true);
    } finally {
      await target.drop();
    }
  });

  it('refuses a damaged file, leaving the target empty for the whole one, which backs up again with no API running', { timeout: 120_000 }, async () => {
    const target = await emptyTarget();
    try {
      const whole = await readFile(good);
      const damaged = path.join(scratch, 'damaged.tar');
      await writeFile(damaged, whole.subarray(0, Math.floor(whole.length / 2)));
      const refused = await backupCommand('restore', [damaged], target.env);
      expect(refused.code).toBe(1);
      // Cut at a member's end, the file still reads as a tar: then its missing photos give it away.
      expect(refused.out).toMatch(new RegExp(`^${damaged} is damaged(?: or is not a Kasuwa backup \\(|: it holds \\d+ of its \\d+ photo files)`));
      expect(await target.databaseIsEmpty()).toBe(true);
      expect(await filesUnder(path.join(target.dir, 'media'))).toEqual([]);

      const restored = await backupCommand('restore', [good], target.env);
      expect(restored.code).toBe(0);
      expect(restored.out).toMatch(/^Restored the backup taken .+: \d+ shops, 0 products, \d+ photo files\./);

      // With no API on it, npm run backup opens the restored database itself, and takes the same photos.
      const again = path.join(scratch, 'again.tar');
      expect(await backupCommand('backup', ['--out', again], target.env)).toEqual({
        code: 0,
        out: expect.stringMatching(/^Backup written to .+again\.tar \(\d+\.\d MB\): the database and its photos\.$/),
      });
      const photos = async (file: string) => (await filesInBackup(file)).filter((name) => name.startsWith('media/'));
      expect(await photos(again)).toEqual(await photos(good));
      expect(await backupCommand('backup', ['--out', again], target.env)).toEqual({ code: 1, out: `${again} already exists; name another file with --out.` });
    } finally {
      await target.drop();
    }
  });

  it('refuses a file that is not a backup', { timeout: 60_000 }, async () => {
    const target = await emptyTarget();
    try {
      const text = path.join(scratch, 'notes.txt');
      await writeFile(text, 'shopping list: rice, beans, garri\n'.repeat(100));
      expect(await backupCommand('restore', [text], target.env)).toMatchObject({ code: 1, out: expect.stringMatching(/is damaged or is not a Kasuwa backup/) });
      const otherTar = path.join(scratch, 'other.tar');
      await create({ file: otherTar, cwd: scratch }, ['notes.txt']);
      expect(await backupCommand('restore', [otherTar], target.env)).toEqual({
        code: 1,
        out: `${otherTar} is not a Kasuwa backup: it has no manifest that npm run backup writes.`,
      });
      expect(await target.databaseIsEmpty()).toBe(true);
    } finally {
      await target.drop();
    }
  });

  it('says how to call it', { timeout: 60_000 }, async () => {
    expect(await backupCommand('restore', [], { DATA_DIR: scratch })).toEqual({
      code: 1,
      out: 'Usage: npm run restore FILE   (into an empty DATA_DIR, or an empty PostgreSQL database with DATABASE_URL)',
    });
  });
});
