import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { s3Storage } from '#server/media/s3-storage.ts';
import { S3_CREDENTIALS, type S3Server, startS3Server } from '#tests/support/s3-server.ts';

let dir: string;
let s3: S3Server;

beforeAll(async () => {
  // The SDK reads its credentials the standard way, as the API does in production.
  for (const [name, value] of Object.entries(S3_CREDENTIALS)) vi.stubEnv(name, value);
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3.stop();
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kasuwa-storage-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function keysIn(storage: MediaStorage): Promise<string[]> {
  const keys = [];
  for await (const entry of storage.list()) keys.push(entry.key);
  return keys;
}

const drivers: { name: string; open: () => MediaStorage }[] = [
  { name: 'the local disk', open: () => localDiskStorage(path.join(dir, 'media')) },
  { name: 'an S3-compatible bucket', open: () => s3Storage(s3.settings) },
];

describe.each(drivers)('media storage on $name', ({ open }) => {
  let storage: MediaStorage;
  beforeEach(() => {
    storage = open();
  });
  afterEach(async () => {
    await storage.remove(await keysIn(storage));
  });

  it('gives back a stored file with its size and a type taken from its extension', async () => {
    await storage.put('shops/abc/main.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');

    const file = await storage.open('shops/abc/main.jpg');

    expect(file).toMatchObject({ size: 10, contentType: 'image/jpeg' });
    expect(await text(file!.stream)).toBe('jpeg bytes');
  });

  it('replaces a file whole when the same key is written again', async () => {
    await storage.put('shops/abc/main.jpg', Buffer.from('first version'), 'image/jpeg');
    await storage.put('shops/abc/main.jpg', Buffer.from('second'), 'image/jpeg');

    expect(await text((await storage.open('shops/abc/main.jpg'))!.stream)).toBe('second');
  });

  it('removes files and ignores keys that do not exist', async () => {
    await storage.put('shops/abc/main.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('shops/abc/w320.webp', Buffer.from('b'), 'image/webp');
    await storage.put('shops/def/main.jpg', Buffer.from('c'), 'image/jpeg');

    await storage.remove(['shops/abc/main.jpg', 'shops/abc/w320.webp', 'shops/never/main.jpg']);

    expect(await storage.open('shops/abc/main.jpg')).toBeNull();
    expect(await keysIn(storage)).toEqual(['shops/def/main.jpg']);
  });

  it('lists every file in key order, each folder together, with when it was written', async () => {
    const before = Date.now() - 2_000;
    for (const key of ['shops/b/main.jpg', 'products/a/w320.webp', 'shops/a/main.jpg', 'products/a/main.jpg']) {
      await storage.put(key, Buffer.from(key), 'image/jpeg');
    }

    const entries = [];
    for await (const entry of storage.list()) entries.push(entry);

    expect(entries.map((entry) => entry.key)).toEqual(['products/a/main.jpg', 'products/a/w320.webp', 'shops/a/main.jpg', 'shops/b/main.jpg']);
    for (const entry of entries) expect(entry.modifiedMs).toBeGreaterThan(before);
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage.open('shops/none/main.jpg')).toBeNull();
  });

  it('refuses every key that could reach outside its folder', async () => {
    await writeFile(path.join(dir, 'secret.txt'), 'password');
    await storage.put('shops/abc/main.jpg', Buffer.from('a'), 'image/jpeg');
    const attempts = [
      '../secret.txt',
      'shops/../../secret.txt',
      `${dir}/secret.txt`,
      '/etc/passwd',
      'shops\\..\\..\\secret.txt',
      'shops/abc/main.jpg\0.png',
      'shops/./abc/main.jpg',
      'shops//abc/main.jpg',
      'shops/abc',
      '',
    ];

    for (const key of attempts) expect(await storage.open(key), key).toBeNull();
  });

  it('refuses to write under a key that is not a plain relative path', async () => {
    await expect(storage.put('../outside.jpg', Buffer.from('a'), 'image/jpeg')).rejects.toThrow(/Invalid media key/);
    expect(await keysIn(storage)).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('answers the readiness check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('media storage on the local disk', () => {
  let storage: MediaStorage;
  let root: string;
  beforeEach(() => {
    root = path.join(dir, 'media');
    storage = localDiskStorage(root);
  });

  it('leaves only the finished file in the folder, no temporary file', async () => {
    await storage.put('products/x/w320.webp', Buffer.alloc(1000), 'image/webp');

    expect(await readdir(path.join(root, 'products/x'))).toEqual(['w320.webp']);
  });

  it('drops an image folder its removal emptied', async () => {
    await storage.put('shops/abc/main.jpg', Buffer.from('a'), 'image/jpeg');

    await storage.remove(['shops/abc/main.jpg']);

    expect(await readdir(path.join(root, 'shops'))).toEqual([]);
  });

  it('lists the half-written file a killed write left, for the orphan sweep to remove; reading it is refused', async () => {
    await storage.put('shops/abc/main.jpg', Buffer.from('a'), 'image/jpeg');
    await writeFile(path.join(root, 'shops/abc/.w640.webp.1234.tmp'), 'half');

    expect(await keysIn(storage)).toEqual(['shops/abc/.w640.webp.1234.tmp', 'shops/abc/main.jpg']);
    expect(await storage.open('shops/abc/.w640.webp.1234.tmp')).toBeNull();
    await storage.remove(['shops/abc/.w640.webp.1234.tmp']);
    expect(await keysIn(storage)).toEqual(['shops/abc/main.jpg']);
  });
});

describe('media storage on an S3-compatible bucket', () => {
  it('stores a file larger than one part through a multipart upload, whole', async () => {
    const storage = s3Storage(s3.settings);
    const large = Buffer.alloc(12 * 1024 * 1024, 7);
    large.write('the end', large.length - 7);

    await storage.put('products/big/main.jpg', large, 'image/jpeg');

    const file = await storage.open('products/big/main.jpg');
    expect(file!.size).toBe(large.length);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(large)).toBe(true);
    await storage.remove(['products/big/main.jpg']);
  });

  it('fails the readiness check when the bucket does not exist', async () => {
    await expect(s3Storage({ ...s3.settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow();
  });

  it('fails the readiness check, within its timeouts, when the server is unreachable', async () => {
    const gone = await startS3Server('gone-bucket');
    const storage = s3Storage(gone.settings);
    await gone.stop();

    await expect(storage.check()).rejects.toThrow();
  });
});
