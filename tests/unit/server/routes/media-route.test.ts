import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import { HiddenMedia } from '#server/media/hidden-media.ts';
import { mediaRoutes } from '#server/routes/media.ts';
import { tinyApp } from '#tests/support/tiny-app.ts';

let dir: string;
let app: FastifyInstance;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kasuwa-media-'));
  // A file beside the media folder, which no URL may reach.
  await writeFile(path.join(dir, 'secret.txt'), 'password');
  await mkdir(path.join(dir, 'media'));
  app = tinyApp();
  app.decorate('storage', localDiskStorage(path.join(dir, 'media')));
  // Nothing hidden: never read from a database (tests/api/hidden-shop-photos.test.ts covers hiding).
  app.decorate('hiddenMedia', new HiddenMedia(null as never, new Uint8Array(32), 'http://localhost:8000/media', () => new Date()));
  await app.register(mediaRoutes);
  await app.ready();
  await app.storage.put('shops/abc/w320.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
});

afterEach(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /media/*', () => {
  it('serves a stored image with its type, length, a year of immutable caching (a few minutes in a shared cache) and to other origins', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/shops/abc/w320.webp' });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('RIFF....WEBP');
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': '12',
      'cache-control': 'public, max-age=31536000, s-maxage=300, immutable',
      'cross-origin-resource-policy': 'cross-origin',
    });
  });

  it('answers 404 in the contract shape for an image that does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/shops/abc/main.jpg' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 404 to every attempt to climb out of the media folder', async () => {
    // Encoded, so the URL parser keeps the dots and slashes and they reach the route as its `*` parameter.
    const attempts = [
      '/media/..%2Fsecret.txt',
      '/media/shops/..%2F..%2Fsecret.txt',
      '/media/%2E%2E%2Fsecret.txt',
      '/media/..%5Csecret.txt',
      `/media/${encodeURIComponent(path.join(dir, 'secret.txt'))}`,
      '/media/shops/abc/w320.webp%00.png',
      '/media/',
    ];

    for (const url of attempts) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: 'Not found.' });
    }
  });
});
