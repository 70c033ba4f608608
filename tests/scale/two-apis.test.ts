import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '#scripts/lib/product.ts';
import { type Database, openPostgres } from '#server/db/client.ts';
import { DEMO_SHOPS } from '#server/db/demo-shops.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { sweepOrphanMedia } from '#server/media/orphan-sweep.ts';
import { s3Storage } from '#server/media/s3-storage.ts';
import { addProducts, createShop, signUpOwner } from '#soak/lib/api-owner.ts';
import { type ApiProcess, startApi } from '#soak/lib/api-process.ts';
import { makePhotos, type Photo } from '#soak/lib/photos.ts';
import { S3_CREDENTIALS } from '../support/s3-server';
import { connectionRefused } from './support/connection-refused';
import { type Services, servicesMissing, startServices } from './support/services';

const PER_ACCOUNT = 3;
const BATCH = 12;

let services: Services;
let database: Database;
let storage: MediaStorage;
let photos: Photo[];
let first: ApiProcess;
let second: ApiProcess;
const dataDirs: string[] = [];

async function startInstance(env: Record<string, string>): Promise<ApiProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-scale-api-'));
  dataDirs.push(dataDir);
  return startApi({ port: await freePort(), dataDir, databaseUrl: services.databaseUrl, env, readyTimeoutMs: 120_000 });
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every key in the bucket. */
async function bucketKeys(): Promise<string[]> {
  const keys = [];
  for await (const entry of storage.list()) keys.push(entry.key);
  return keys.sort();
}

/** Every key a shop or product row names: main images and their copies. */
async function namedKeys(): Promise<string[]> {
  const images = await rows<{ image: { key: string; variants: { key: string }[] } }>(sql`select image from shops union all select image from products`);
  return [...new Set(images.flatMap(({ image }) => [image.key, ...image.variants.map((variant) => variant.key)]))].sort();
}

const json = async <T>(response: Response) => (await response.json()) as T;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.skipIf(Boolean(servicesMissing))(
  `two API instances on one PostgreSQL, one Redis and one bucket${servicesMissing ? ` (skipped: ${servicesMissing})` : ''}`,
  () => {
    beforeAll(async () => {
      // This process reads the bucket as the APIs do, with the SDK's standard credential variables.
      for (const [name, value] of Object.entries(S3_CREDENTIALS)) vi.stubEnv(name, value);
      services = await startServices();
      database = await openPostgres(services.databaseUrl, 2);
      storage = s3Storage(services.s3.settings);
      photos = await makePhotos();
      const env = { ...services.s3.env, REDIS_URL: services.redis.url, SEED_DEMO: '1', AUTH_RATE_LIMIT: String(PER_ACCOUNT) };
      // Both at the same moment, on an empty database.
      [first, second] = await Promise.all([startInstance(env), startInstance(env)]);
    });

    afterAll(async () => {
      await Promise.all([first?.kill('SIGKILL'), second?.kill('SIGKILL')]);
      await database?.close();
      await services?.stop();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
      vi.unstubAllEnvs();
    });

    it('started at the same moment on an empty database, migrate and seed the demo exactly once', async () => {
      const [migrations] = await rows<{ applied: number; distinct: number }>(
        sql`select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
      );
      expect(migrations!.applied).toBeGreaterThan(0);
      expect(migrations!.applied).toBe(migrations!.distinct);
      const [shops] = await rows<{ count: number }>(sql`select count(*)::int as count from shops`);
      expect(shops!.count).toBe(DEMO_SHOPS.length);
      const seeders = [first, second].filter((api) => api.lines.some((line) => line.includes('seeded demo data')));
      expect(seeders).toHaveLength(1);
      // The demo's photos went to the bucket once: every object is one a row names.
      expect(await bucketKeys()).toEqual(await namedKeys());
    });

    it('accept each other’s tokens: signed in through one, known to the other', async () => {
      const token = await signUpOwner(first.url, 'ngozi');

      const profile = await fetch(`${second.url}/auth/profile`, { headers: bearer(token) });
      expect(profile.status).toBe(200);
      expect((await json<{ username: string }>(profile)).username).toBe('ngozi');

      const login = await json<{ token: { refresh: string } }>(
        await fetch(`${second.url}/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username_or_email: 'ngozi', password: 'soak-secret-1' }),
        }),
      );
      const renewed = await fetch(`${first.url}/auth/token/refresh/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh: login.token.refresh }),
      });
      expect(renewed.status).toBe(200);
    });

    it('serve a photo uploaded through one from the other, byte for byte, with the same headers', async () => {
      const token = await signUpOwner(first.url, 'chidi');
      const created = await createShop(first.url, token, 'Chidi Provisions', photos[0]!);
      expect(created.status).toBe(201);
      const shop = JSON.parse(created.body) as { image: { url: string; variants: { url: string }[] } };

      for (const url of [shop.image.url, ...shop.image.variants.map((variant) => variant.url)]) {
        const { pathname } = new URL(url);
        const [there, here] = await Promise.all([fetch(`${second.url}${pathname}`), fetch(`${first.url}${pathname}`)]);
        expect(there.status, pathname).toBe(200);
        expect(there.headers.get('content-type')).toBe(here.headers.get('content-type'));
        expect(there.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=300, immutable');
        expect(Buffer.from(await there.arrayBuffer()).equals(Buffer.from(await here.arrayBuffer()))).toBe(true);
      }
      expect((await fetch(`${second.url}/media/shops/00000000-0000-4000-8000-000000000000/main.jpg`)).status).toBe(404);
    });

    it('share the sign-in limit: tries through either count for both', async () => {
      await signUpOwner(first.url, 'emeka');
      const login = (api: ApiProcess) =>
        fetch(`${api.url}/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username_or_email: 'emeka', password: 'wrong-guess-1' }),
        });

      for (let i = 0; i < PER_ACCOUNT; i++) expect((await login(i % 2 ? second : first)).status).toBe(401);

      expect((await login(first)).status).toBe(429);
      expect((await login(second)).status).toBe(429);
    });

    it('killed with SIGKILL during a product batch: the batch is whole or absent, the other answers, no photo is left orphaned', async () => {
      const token = await signUpOwner(first.url, 'amaka');
      const home = await createShop(first.url, token, 'Amaka Fabrics', photos[0]!);
      const shopId = (JSON.parse(home.body) as { id: string }).id;
      const before = new Set(await bucketKeys());

      const names = Array.from({ length: BATCH }, (_, i) => `Ankara print ${i + 1}`);
      const batch = addProducts(first.url, token, shopId, names, photos);
      // Killed once the batch has stored photos in the bucket and before it can have written its rows.
      for (let waited = 0; !(await bucketKeys()).some((key) => key.startsWith('products/') && !before.has(key)); waited += 25) {
        if (waited > 60_000) throw new Error('the batch stored no photo within a minute');
        await delay(25);
      }
      await first.kill('SIGKILL');
      const answered = await batch;

      expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
      const listed = await fetch(`${second.url}/shops/${shopId}/products`);
      expect(listed.status).toBe(200);
      const products = await json<unknown[]>(listed);
      expect(products.length === 0 || products.length === BATCH, `${products.length} of ${BATCH} products`).toBe(true);
      if (answered.status === 201) expect(products).toHaveLength(BATCH);

      // The sweep as any instance runs it once the killed upload is older than any upload can be.
      const swept = await sweepOrphanMedia(database.db, storage, new Date(Date.now() + 1_000));
      if (products.length === 0) expect(swept.removedFolders).toBeGreaterThan(0);
      expect(await bucketKeys()).toEqual(await namedKeys());
    });

    it('on SIGTERM, finishes the request in flight, takes no new connection, and exits', async () => {
      const token = await signUpOwner(second.url, 'bisi');
      const home = await createShop(second.url, token, 'Bisi Bakery', photos[0]!);
      const shopId = (JSON.parse(home.body) as { id: string }).id;
      const form = new FormData();
      form.set('products', JSON.stringify([{ name: 'Agege bread', price: 700 }]));
      form.append('images', new Blob([new Uint8Array(photos[1]!.data)], { type: 'image/jpeg' }), photos[1]!.name);
      const encoded = new Response(form);
      const body = Buffer.from(await encoded.arrayBuffer());
      const url = new URL(`${second.url}/shops/${shopId}/products/batch-create/`);

      const request = http.request(url, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length },
      });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request.once('error', reject);
        request.once('response', async (response) => {
          const chunks: Buffer[] = [];
          for await (const chunk of response) chunks.push(chunk as Buffer);
          resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() });
        });
      });
      const half = Math.floor(body.length / 2);
      request.write(body.subarray(0, half));
      await delay(200);

      second.child.kill('SIGTERM');
      await second.waitForLine(/stopping/, 10_000);
      let refused = false;
      for (let waited = 0; !refused && waited < 5_000; waited += 50) {
        refused = await connectionRefused(url.port);
        if (!refused) await delay(50);
      }
      expect(refused, 'a new connection is refused while the request is in flight').toBe(true);

      request.end(body.subarray(half));
      const finished = await answer;
      expect(finished.status, finished.body).toBe(201);
      await second.exited;
      expect(second.child.exitCode).toBe(0);
    });

    it('on SIGTERM, cuts off a request still unfinished after STOP_GRACE_SECONDS, and exits', async () => {
      const env = { ...services.s3.env, REDIS_URL: services.redis.url, SEED_DEMO: '0', STOP_GRACE_SECONDS: '1' };
      const third = await startInstance(env);
      const url = new URL(`${third.url}/shops/`);
      // A body that never ends, as from a phone that went out of coverage.
      const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': 1000 } });
      const ended = new Promise<void>((resolve) => {
        request.once('error', () => resolve());
        request.once('response', () => resolve());
      });
      request.write('{"name":');
      await delay(200);

      const signalled = Date.now();
      third.child.kill('SIGTERM');
      await third.exited;
      await ended;

      expect(third.child.exitCode).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_000);
      expect(Date.now() - signalled).toBeLessThan(10_000);
    });
  },
);
