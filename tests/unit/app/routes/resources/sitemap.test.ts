import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostContext, unsharedMemory } from '#tests/support/site-memory.ts';

let server: Server;
let dataDir: string;
let listed: string[] = [];
let sitemap: typeof import('#app/routes/resources/sitemap.ts');
let contentVersion = 0;

beforeAll(async () => {
  // The provider's shop list: one page holding the shops in `listed`, each with one product but `broken`'s.
  server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const productsOf = /^\/shops\/([\w-]+)\/products$/.exec(request.url ?? '')?.[1];
    if (productsOf) {
      response.end(productsOf === 'broken' ? '{"not": "a list"}' : JSON.stringify([{ id: `${productsOf}-product`, name: 'Rice', price: 500 }]));
      return;
    }
    const shops = listed.map((id) => ({ id, name: `Shop ${id}`, created_at: '2026-11-01T00:00:00.000Z' }));
    response.end(JSON.stringify({ sponsored_shops: [], for_you: shops, next_page: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-web-'));
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DATA_DIR = dataDir;
  sitemap = await import('#app/routes/resources/sitemap.ts');
});

afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const shopsListed = async () => {
  const context = hostContext(unsharedMemory(() => contentVersion));
  const xml = await (await sitemap.loader({ context } as never)).text();
  return [...xml.matchAll(/\/shop\/([\w-]+)</g)].map((match) => match[1]);
};

const productsListed = async () => {
  const context = hostContext(unsharedMemory(() => contentVersion));
  const xml = await (await sitemap.loader({ context } as never)).text();
  return [...xml.matchAll(/\/product\/([\w-]+)</g)].map((match) => match[1]).sort();
};

describe('the sitemap', () => {
  it('keeps its copy for the hour, but lets a hidden or deleted shop go within a minute of the change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    listed = ['kept', 'hidden'];
    expect(await shopsListed()).toEqual(['kept', 'hidden']);

    // Nothing changed through the site (a shop the API alone added): the copy stands for the hour.
    listed = ['kept'];
    vi.advanceTimersByTime(30 * 60_000);
    expect(await shopsListed()).toEqual(['kept', 'hidden']);

    // A moderator hid a shop: within a minute of the copy's making it is still served, then built again.
    contentVersion += 1;
    expect(await shopsListed()).toEqual(['kept']);

    listed = ['kept', 'new'];
    contentVersion += 1;
    vi.advanceTimersByTime(30_000);
    expect(await shopsListed()).toEqual(['kept']);
    vi.advanceTimersByTime(31_000);
    expect(await shopsListed()).toEqual(['kept', 'new']);
  });

  it("lists each shop's products, leaving out only those of a shop whose list failed", async () => {
    listed = ['alpha', 'broken', 'beta'];
    contentVersion += 1;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.advanceTimersByTime(2 * 3600_000);
    expect(await productsListed()).toEqual(['alpha-product', 'beta-product']);
    vi.useRealTimers();
  });
});
