import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDiskStorage, type MediaStorage } from '../../../server/media/storage';

let dir: string;
let root: string;
let storage: MediaStorage;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kasuwa-storage-'));
  root = path.join(dir, 'media');
  storage = localDiskStorage(root);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('local disk storage', () => {
  it('gives back a stored file with its size and a type taken from its extension', async () => {
    await storage.put('shops/abc/main.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');

    const file = await storage.open('shops/abc/main.jpg');

    expect(file).toMatchObject({ size: 10, contentType: 'image/jpeg' });
    expect(await text(file!.stream)).toBe('jpeg bytes');
  });

  it('leaves only the finished file in the folder, no temporary file', async () => {
    await storage.put('products/x/w320.webp', Buffer.alloc(1000), 'image/webp');

    expect(await readdir(path.join(root, 'products/x'))).toEqual(['w320.webp']);
  });

  it('replaces a file whole when the same key is written again', async () => {
    await storage.put('shops/abc/main.jpg', Buffer.from('first version'), 'image/jpeg');
    await storage.put('shops/abc/main.jpg', Buffer.from('second'), 'image/jpeg');

    expect(await text((await storage.open('shops/abc/main.jpg'))!.stream)).toBe('second');
  });

  it('removes files, ignores keys that do not exist and drops the emptied image folder', async () => {
    await storage.put('shops/abc/main.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('shops/abc/w320.webp', Buffer.from('b'), 'image/webp');

    await storage.remove(['shops/abc/main.jpg', 'shops/abc/w320.webp', 'shops/never/main.jpg']);

    expect(await storage.open('shops/abc/main.jpg')).toBeNull();
    expect(await readdir(path.join(root, 'shops'))).toEqual([]);
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
    expect(await readdir(dir)).toEqual([]);
  });
});
