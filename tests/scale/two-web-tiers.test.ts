import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoundRobin, startRoundRobin } from '#bench/lib/round-robin.ts';
import { MSG } from '#rules/messages.ts';
import { freePort } from '#scripts/lib/product.ts';
import { type ApiProcess, startApi } from '#soak/lib/api-process.ts';
import { makePhotos, type Photo } from '#soak/lib/photos.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server';
import { connectionRefused } from './support/connection-refused';
import { type Services, servicesMissing, startServices } from './support/services';
import { Visitor } from './support/visitor';
import { startWebTier, type WebTier } from './support/web-tier';

/** Far longer than any test here: a page that changes at once did so because it was told, not because it expired. */
const PUBLIC_CACHE_SECONDS = '300';
const PASSWORD = 'scale-secret-1';

let services: Services;
let photos: Photo[];
const apis: ApiProcess[] = [];
const webs: WebTier[] = [];
let apiProxy: RoundRobin;
let webProxy: RoundRobin;
let redisAgain: RedisServer | undefined;
const dataDirs: string[] = [];
let apiDataDirs: string[] = [];

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-scale-web-'));
  dataDirs.push(dir);
  return dir;
}

function webEnv(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return dataDir().then((dir) => ({
    DATA_DIR: dir,
    PROVIDER_URL: apiProxy.url,
    WEB_URL: webProxy.url,
    REDIS_URL: services.redis.url,
    SESSION_SECRET: 'one-secret-for-every-web-instance-0123456789',
    PUBLIC_CACHE_SECONDS,
    WEB_WORKERS: '2',
    ...extra,
  }));
}

/** An anonymous visitor's page over a connection of its own, so that each may land on another web process. */
function anonymousPage(url: string): Promise<{ status: number; cache: string | undefined; html: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, async (response) => {
        let html = '';
        for await (const chunk of response) html += chunk;
        resolve({ status: response.statusCode!, cache: response.headers['x-kasuwa-cache'] as string | undefined, html });
      })
      .on('error', reject);
  });
}

function shopForm(name: string, photo?: Photo): FormData {
  const form = new FormData();
  form.set('name', name);
  if (!photo) return form;
  form.set('address', '12 Allen Avenue, Ikeja, Lagos');
  form.set('state', 'Lagos');
  form.set('category', 'Groceries');
  form.set('description', 'Rice, beans and garri, fresh every morning.');
  form.set('tags', 'rice, lagos');
  form.set('image', new Blob([new Uint8Array(photo.data)], { type: 'image/jpeg' }), photo.name);
  return form;
}

/** The alert mails for `threadId` in both APIs' file outboxes: whichever API sends one writes it. */
async function alertMailsFor(threadId: string): Promise<number> {
  let count = 0;
  for (const dir of apiDataDirs) {
    const outbox = path.join(dir, 'outbox');
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      if ((await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').includes(`/messages/${threadId}`)) count += 1;
    }
  }
  return count;
}

async function signUp(visitor: Visitor, webUrl: string, username: string): Promise<void> {
  const form = new URLSearchParams({ email: `${username}@example.ng`, username, phone_number: '08031234567', password: PASSWORD });
  const page = await visitor.visit(`${webUrl}/signup`, form);
  // A new person is greeted on the home page.
  expect(page.url, page.html.slice(0, 300)).toBe('/?welcome');
}

/** Creates a shop through `webUrl` and returns its id, read from My Shops. */
async function createShop(visitor: Visitor, webUrl: string, name: string): Promise<string> {
  const created = await visitor.visit(`${webUrl}/createShop`, shopForm(name, photos[0]));
  expect(created.html).toContain(MSG.shopCreated);
  const mine = await visitor.visit(`${webUrl}/myShop`);
  const id = /\/editShop\/([0-9a-f-]{36})\/edit-shop/.exec(mine.html)?.[1];
  expect(id).toBeDefined();
  return id!;
}

describe.skipIf(Boolean(servicesMissing))(
  `two web tiers in front of two APIs, one Redis between them${servicesMissing ? ` (skipped: ${servicesMissing})` : ''}`,
  () => {
    beforeAll(async () => {
      services = await startServices();
      photos = await makePhotos();
      const apiEnv = { ...services.s3.env, REDIS_URL: services.redis.url, SEED_DEMO: '0' };
      const [apiDirs, apiPorts] = [await Promise.all([dataDir(), dataDir()]), await Promise.all([freePort(), freePort()])];
      apiDataDirs = apiDirs;
      apis.push(
        ...(await Promise.all(
          [0, 1].map((i) => startApi({ port: apiPorts[i]!, dataDir: apiDirs[i]!, databaseUrl: services.databaseUrl, env: apiEnv, readyTimeoutMs: 120_000 })),
        )),
      );
      apiProxy = await startRoundRobin(apis.map((api) => api.url));
      // The web tiers' addresses are known only once they listen: the proxy learns them then.
      const targets: string[] = [];
      webProxy = await startRoundRobin(targets);
      webs.push(...(await Promise.all([webEnv(), webEnv()].map(async (env) => startWebTier(await env)))));
      targets.push(...webs.map((web) => web.url));
    });

    afterAll(async () => {
      await Promise.all([...webs, ...apis].map((process) => process.kill('SIGKILL')));
      await Promise.all([apiProxy?.close(), webProxy?.close()]);
      await Promise.all([services?.stop(), redisAgain?.stop()]);
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('signed up through one web tier, logs in through the other, and stays signed in wherever the proxy sends them', async () => {
      await signUp(new Visitor(), webs[0]!.url, 'adaeze');

      const visitor = new Visitor();
      const login = await visitor.visit(`${webs[1]!.url}/login`, new URLSearchParams({ username_or_email: 'adaeze', password: PASSWORD }));
      expect(login.url).toBe('/');
      for (let i = 0; i < 4; i++) {
        const page = await visitor.visit(`${webProxy.url}/myShop`);
        expect(page.url, `request ${i + 1} through the proxy`).toBe('/myShop');
      }
    });

    it('shows a photo added through web 1 on web 2', async () => {
      const visitor = new Visitor();
      await signUp(visitor, webs[0]!.url, 'tunde');
      const shopId = await createShop(visitor, webs[0]!.url, 'Tunde Foodstuff');

      const page = await new Visitor().visit(`${webs[1]!.url}/shop/${shopId}`);
      expect(page.html).toContain('Tunde Foodstuff');
      const photoPath = /(?:src|srcSet|srcset)="(\/media\/shops\/[^"\s]+)/.exec(page.html)?.[1];
      expect(photoPath).toBeDefined();
      const [there, here] = await Promise.all([fetch(`${webs[1]!.url}${photoPath}`), fetch(`${webs[0]!.url}${photoPath}`)]);
      expect(there.status).toBe(200);
      expect(there.headers.get('content-type')).toMatch(/^image\//);
      const bytes = Buffer.from(await there.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(0);
      expect(bytes.equals(Buffer.from(await here.arrayBuffer()))).toBe(true);
    });

    it('a shop renamed through web 1 shows on web 2’s shared home page at once', async () => {
      const visitor = new Visitor();
      await signUp(visitor, webs[0]!.url, 'kemi');
      const shopId = await createShop(visitor, webs[0]!.url, 'Kemi Tailoring');
      // Web 2's processes share their copy of the home page with the old name.
      let hits = 0;
      for (let i = 0; i < 8; i++) {
        const home = await anonymousPage(`${webs[1]!.url}/`);
        expect(home.html).toContain('Kemi Tailoring');
        if (home.cache === 'hit') hits += 1;
      }
      expect(hits).toBeGreaterThan(0);

      const renamed = await visitor.visit(`${webs[0]!.url}/editShop/${shopId}/edit-shop`, shopForm('Kemi Couture'));
      expect(renamed.html).toContain(MSG.shopUpdated);

      for (let i = 0; i < 8; i++) {
        const home = await anonymousPage(`${webs[1]!.url}/`);
        expect(home.html, `request ${i + 1}`).toContain('Kemi Couture');
        expect(home.html).not.toContain('Kemi Tailoring');
      }
    });

    it('a message written through web 1 shows in the thread on web 2, and its owner is mailed once, by one of the two APIs', async () => {
      const owner = new Visitor();
      await signUp(owner, webs[0]!.url, 'iyabasira');
      const shopId = await createShop(owner, webs[0]!.url, 'Iya Basira Foods');
      const buyer = new Visitor();
      await signUp(buyer, webs[1]!.url, 'tolubuys');
      const words = 'Good morning. Is the ofada rice in stock today?';
      const sent = await buyer.visit(`${webs[0]!.url}/shop/${shopId}/message`, new URLSearchParams({ body: words }));
      const threadId = /^\/messages\/([\w-]+)/.exec(sent.url)?.[1];
      expect(threadId, sent.url).toBeDefined();
      await buyer.visit(`${webs[1]!.url}/messages/${threadId}`, new URLSearchParams({ body: 'And the beans?' }));

      const read = await owner.visit(`${webs[1]!.url}/messages/${threadId}`);
      expect(read.html).toContain(words);
      expect(read.html).toContain('And the beans?');
      await expect.poll(() => alertMailsFor(threadId!), { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
      // Both APIs poll their queues: a second mail would have had its chance by now.
      await delay(3_000);
      expect(await alertMailsFor(threadId!)).toBe(1);
    });

    it('serves pages while Redis is down, and hears of writes again once it is back', async () => {
      const visitor = new Visitor();
      await signUp(visitor, webs[0]!.url, 'obi');
      const shopId = await createShop(visitor, webs[0]!.url, 'Obi Electronics');
      await services.redis.stop();

      const renamed = await visitor.visit(`${webs[0]!.url}/editShop/${shopId}/edit-shop`, shopForm('Obi Phones'));
      expect(renamed.html).toContain(MSG.shopUpdated);
      for (const web of webs) expect((await anonymousPage(`${web.url}/`)).status).toBe(200);
      expect((await fetch(`${webs[1]!.url}/readyz`)).status).toBe(200);

      redisAgain = await startRedisServer(services.redis.port);
      // Reconnecting, each web process forgets what it may have missed; then news flows again.
      await delay(3_000);
      await visitor.visit(`${webs[0]!.url}/editShop/${shopId}/edit-shop`, shopForm('Obi Gadgets'));
      for (let i = 0; i < 8; i++) expect((await anonymousPage(`${webs[1]!.url}/`)).html).toContain('Obi Gadgets');
    });

    it('answers /readyz while its provider answers, and 503 while it cannot be reached', async () => {
      expect((await fetch(`${webProxy.url}/readyz`)).status).toBe(200);
      const alone = await startWebTier(await webEnv({ PROVIDER_URL: `http://127.0.0.1:${await freePort()}`, WEB_WORKERS: '1' }));
      webs.push(alone);
      expect((await fetch(`${alone.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${alone.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', detail: 'The provider is unreachable.' });
    });

    it('on SIGTERM, finishes the request in flight, takes no new connection, cuts off one past STOP_GRACE_SECONDS, and exits', async () => {
      const web = await startWebTier(await webEnv({ STOP_GRACE_SECONDS: '2' }));
      webs.push(web);
      const url = new URL(`${web.url}/login`);
      const body = Buffer.from(new URLSearchParams({ username_or_email: 'adaeze', password: PASSWORD }).toString());
      const post = (length: number) => {
        const request = http.request(url, {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': length, origin: url.origin },
        });
        const answer = new Promise<{ status: number; location?: string } | 'cut off'>((resolve) => {
          request.once('error', () => resolve('cut off'));
          request.once('response', (response) => {
            response.resume();
            resolve({ status: response.statusCode!, location: response.headers.location });
          });
        });
        return { request, answer };
      };
      const finishing = post(body.length);
      finishing.request.write(body.subarray(0, 10));
      // A body that never ends, as from a phone that went out of coverage.
      const stuck = post(1000);
      stuck.request.write('username_or_email=');
      await delay(300);

      const signalled = Date.now();
      web.child.kill('SIGTERM');
      let refused = false;
      for (let waited = 0; !refused && waited < 5_000; waited += 50) {
        refused = await connectionRefused(url.port);
        if (!refused) await delay(50);
      }
      expect(refused, 'a new connection is refused while requests are in flight').toBe(true);

      finishing.request.end(body.subarray(10));
      const finished = await finishing.answer;
      // Signed in: sent on to the home page.
      expect(finished).toMatchObject({ location: '/' });
      expect(finished !== 'cut off' && finished.status >= 300 && finished.status < 400).toBe(true);
      await web.exited;
      expect(await stuck.answer).toBe('cut off');
      expect(web.child.exitCode).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(2_000);
      expect(Date.now() - signalled).toBeLessThan(10_000);
    });
  },
);
