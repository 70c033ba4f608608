import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_BUDGET, UPLOAD_BUDGET } from '#app/lib/provider/time-budgets.ts';
import { MSG } from '#rules/messages.ts';
import { jpegBuffer } from '#tests/fixtures/images.ts';
import { hostContext } from '#tests/support/site-memory.ts';

/**
 * A provider that takes every request, body and all, and never answers (a stuck API): each page gives
 * up after its own time budget, not a minute, and says the words of docs/product.md §8.
 */
let server: Server;
let dataDir: string;
let routes: {
  shop: typeof import('#app/routes/shop.tsx');
  createShop: typeof import('#app/routes/owner/create-shop.tsx');
  session: typeof import('#app/lib/session.server.ts');
  spool: typeof import('#app/lib/upload/spool.server.ts');
};

beforeAll(async () => {
  server = createServer((request) => request.resume());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-web-'));
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DATA_DIR = dataDir;
  process.env.PUBLIC_CACHE_SECONDS = '0';
  routes = {
    shop: await import('#app/routes/shop.tsx'),
    createShop: await import('#app/routes/owner/create-shop.tsx'),
    session: await import('#app/lib/session.server.ts'),
    spool: await import('#app/lib/upload/spool.server.ts'),
  };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const owner = { user: { id: 'u1', username: 'ada', email: 'ada@example.ng' }, access: 'token' };

function args(url: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const context = hostContext();
  context.set(routes.session.signedInContext, owner);
  context.set(routes.spool.spooledUploads, []);
  return { request: new Request(`http://localhost${url}`, init), params, context } as never;
}

/** How long `work` took to settle, and what it settled with. */
async function timed(work: Promise<unknown>): Promise<{ ms: number; outcome: unknown }> {
  const started = performance.now();
  const outcome = await work.then(
    (value) => value,
    (error: unknown) => error,
  );
  return { ms: performance.now() - started, outcome };
}

describe('with a provider that never answers', () => {
  it('a shop page gives up after the read budget with "Failed to load shop details for this ID." (503)', async () => {
    const id = '3b9c3f7e-5b0a-4c1e-9d1f-1a2b3c4d5e6f';
    const { ms, outcome } = await timed(routes.shop.loader(args(`/shop/${id}`, {}, { id })));
    expect(outcome).toMatchObject({ data: MSG.shopLoadFailed, init: { status: 503 } });
    expect(ms).toBeGreaterThanOrEqual(READ_BUDGET.answerMs - 500);
    expect(ms).toBeLessThan(READ_BUDGET.answerMs + 5000);
  }, 15_000);

  it(
    'creating a shop says "Failed to create shop. Request timed out. Please try again." once the photo is sent and the answer budget is spent, not after a minute',
    async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        name: 'Mama Put',
        address: '4 Ojuelegba Rd',
        state: 'Lagos',
        category: 'Food',
        description: 'Rice and stew',
      })) {
        form.set(name, value);
      }
      form.set('image', new File([new Uint8Array(await jpegBuffer({ width: 640, height: 480 }))], 'front.jpg', { type: 'image/jpeg' }));
      const { ms, outcome } = await timed(routes.createShop.action(args('/createShop', { method: 'POST', body: form })));
      expect(JSON.stringify(outcome)).toContain(MSG.createShopFailed + MSG.requestTimedOut);
      expect(ms).toBeGreaterThanOrEqual(UPLOAD_BUDGET.answerMs - 500);
      expect(ms).toBeLessThan(UPLOAD_BUDGET.answerMs + 5000);
    },
    UPLOAD_BUDGET.answerMs + 15_000,
  );
});
