import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

type PageCache = typeof import('#web-server/public-page-cache.ts');
type PublicCache = typeof import('#app/lib/public-cache.server.ts');
let visitCounts: typeof import('#web-server/visit-counts.ts');
let pageCache: PageCache;
let publicCache: PublicCache;
let contentChanges: typeof import('#web-server/content-changes.ts');
let server: Server;
let dataDir: string;
type View = { shop: string; address: string; agent: string };
const reported: View[][] = [];

beforeAll(async () => {
  // A provider that takes visits in bulk, keeping them for the tests to read.
  server = createServer(async (request, response) => {
    if (request.url === '/shops/visits/') {
      let body = '';
      for await (const chunk of request) body += chunk;
      const { views } = JSON.parse(body) as { views: View[] };
      reported.push(views);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ counted: views.length }));
      return;
    }
    response.writeHead(204);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-page-cache-'));
  // The web tier reads its configuration once, on first use.
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DATA_DIR = dataDir;
  process.env.PUBLIC_CACHE_SECONDS = '5';
  pageCache = await import('#web-server/public-page-cache.ts');
  visitCounts = await import('#web-server/visit-counts.ts');
  publicCache = await import('#app/lib/public-cache.server.ts');
  contentChanges = await import('#web-server/content-changes.ts');
});

afterEach(() => {
  vi.useRealTimers();
  // Each test starts from nothing remembered.
  void contentChanges.afterAnswer('POST', 200, false);
  publicCache.forgetPublicAnswers();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

let renders = 0;

/** Renders a page the way entry.server does: a fresh nonce in the policy and on each inline script. */
function render(init: { status?: number; headers?: Record<string, string> } = {}) {
  return async () => {
    renders += 1;
    const nonce = `nonce${renders}${Math.random().toString(36).slice(2)}`;
    const body = `<html><script nonce="${nonce}">hydrate()</script><ul><li class="shop-card">Mama Titi's Kitchen</li></ul><script nonce="${nonce}">go()</script></html>`;
    return new Response(body, {
      status: init.status ?? 200,
      headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': `script-src 'self' 'nonce-${nonce}'`, ...init.headers },
    });
  };
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Request(`http://localhost${url}`, { method, headers });
}

async function visit(request: Request, next = render()) {
  const response = await pageCache.publicPageCache(request, next);
  return { response, text: await response.clone().text() };
}

function nonces(text: string) {
  return [...text.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
}

describe('the shared cache of anonymous public pages', () => {
  it('renders the home page once for two anonymous visitors, each with a fresh nonce on every inline script', async () => {
    renders = 0;
    const first = await visit(get('/'));
    const second = await visit(get('/'));

    expect(renders).toBe(1);
    expect(first.response.headers.get('X-Kasuwa-Cache')).toBe('miss');
    expect(second.response.headers.get('X-Kasuwa-Cache')).toBe('hit');
    const nonce = /'nonce-([^']+)'/.exec(second.response.headers.get('Content-Security-Policy')!)![1];
    expect(nonce).not.toBe(nonces(first.text)[0]);
    expect(nonces(second.text)).toEqual([nonce, nonce]);
    expect(second.text.replaceAll(nonce!, 'N')).toBe(first.text.replaceAll(nonces(first.text)[0]!, 'N'));
  });

  it('sends a gzip body that reads as the page, without compressing it again', async () => {
    await visit(get('/searchResults?q=rice'));
    const { response } = await visit(get('/searchResults?q=rice', { 'accept-encoding': 'gzip, deflate, br' }));

    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Vary')).toContain('Accept-Encoding');
    const text = gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy')!)![1];
    expect(nonces(text)).toEqual([nonce, nonce]);
    expect(text).toContain("Mama Titi's Kitchen");
  });

  it('is answered by the web server straight on Node’s request, with a fresh nonce and HSTS only over HTTPS', async () => {
    await visit(get('/searchResults?q=suya'));
    let https = false;
    const node = createServer((request, response) => {
      if (!pageCache.answerFromPublicCache(request, response, https, '203.0.113.50')) response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
    try {
      const plain = await fetch(`${base}/searchResults?q=suya`, { headers: { 'accept-encoding': 'identity' } });
      https = true;
      const secure = await fetch(`${base}/searchResults?q=suya`);
      const signedIn = await fetch(`${base}/searchResults?q=suya`, { headers: { cookie: '__kasuwa=signed.value' } });
      const other = await fetch(`${base}/searchResults?q=rice`);

      const text = await plain.text();
      const nonce = /'nonce-([^']+)'/.exec(plain.headers.get('Content-Security-Policy')!)![1];
      expect(plain.headers.get('X-Kasuwa-Cache')).toBe('hit');
      expect(nonces(text)).toEqual([nonce, nonce]);
      expect(text).toContain("Mama Titi's Kitchen");
      expect(plain.headers.get('Strict-Transport-Security')).toBeNull();
      expect(secure.headers.get('Strict-Transport-Security')).toContain('max-age=');
      expect(nonces(await secure.text())).not.toContain(nonce);
      expect([signedIn.status, other.status]).toEqual([404, 404]);
    } finally {
      node.closeAllConnections();
      await new Promise((resolve) => node.close(resolve));
    }
  });

  it('shares a shop page once the provider takes visits in bulk, and reports who saw each view it served from memory', async () => {
    renders = 0;
    reported.length = 0;
    const ada = { 'x-forwarded-for': '102.89.0.1', 'user-agent': 'Tecno phone' };
    const bola = { 'x-forwarded-for': '102.89.0.2', 'user-agent': 'Itel phone' };
    // The first view asks the provider whether it counts visits in bulk, and is not shared meanwhile.
    await visit(get('/shop/shop-7', ada));
    await vi.waitFor(() => expect(reported).toEqual([[]]));
    const stored = await visit(get('/shop/shop-7', ada));
    const hits = [
      await visit(get('/shop/shop-7', ada)),
      await visit(get('/shop/shop-7.data', ada)),
      await visit(get('/shop/shop-7', bola)),
      await visit(get('/shop/shop-7', ada)),
    ];
    const signedIn = await visit(get('/shop/shop-7', { ...bola, cookie: '__kasuwa=signed.value' }));
    await visitCounts.flushVisitCounts();

    // Rendered views counted themselves at the provider (its GET /shops/{id}); the rest come in bulk,
    // once per visitor: the provider counts a visitor once anyway.
    expect(renders).toBe(4);
    expect(stored.response.headers.get('X-Kasuwa-Cache')).toBe('miss');
    expect(hits.map((hit) => hit.response.headers.get('X-Kasuwa-Cache'))).toEqual(['hit', 'miss', 'hit', 'hit']);
    expect(signedIn.response.headers.get('X-Kasuwa-Cache')).toBeNull();
    expect(reported.slice(1)).toEqual([
      [
        { shop: 'shop-7', address: '102.89.0.1', agent: 'Tecno phone' },
        { shop: 'shop-7', address: '102.89.0.2', agent: 'Itel phone' },
      ],
    ]);
  });

  it('always renders for a request with the session cookie, even an invalid one', async () => {
    renders = 0;
    await visit(get('/'));
    const signedIn = await visit(get('/', { cookie: 'theme=dark; __kasuwa=signed.value' }));
    await visit(get('/', { cookie: '__kasuwa=signed.value' }));

    expect(renders).toBe(3);
    expect(signedIn.response.headers.get('X-Kasuwa-Cache')).toBeNull();
  });

  it('renders afresh after a post the app took, such as an owner editing a shop, and forgets the app’s shared answers too', async () => {
    let forgotten = 0;
    contentChanges.shareContentChanges(() => forgotten++, undefined);
    renders = 0;
    await visit(get('/'));
    await contentChanges.afterAnswer('POST', 302, false);
    const afterEdit = await visit(get('/'));
    await contentChanges.afterAnswer('DELETE', 200, false);
    await visit(get('/'));

    expect(renders).toBe(3);
    expect(forgotten).toBe(2);
    expect(afterEdit.response.headers.get('X-Kasuwa-Cache')).toBe('miss');
  });

  it('keeps reads, refused posts (a forged form, one too large) and answers the app marked as keeping shared pages from emptying the cache', async () => {
    renders = 0;
    await visit(get('/'));
    const version = contentChanges.contentVersion();
    await contentChanges.afterAnswer('GET', 200, false);
    await contentChanges.afterAnswer('HEAD', 200, false);
    await contentChanges.afterAnswer('POST', 403, false);
    await contentChanges.afterAnswer('POST', 413, false);
    await contentChanges.afterAnswer('POST', 302, true);

    expect(contentChanges.contentVersion()).toBe(version);
    await visit(get('/'));
    expect(renders).toBe(1);
  });

  it('does not keep a page rendered while a write was under way, which may show the old content', async () => {
    renders = 0;
    const renderDuringWrite = render();
    await visit(get('/'), async () => {
      const response = await renderDuringWrite();
      await contentChanges.afterAnswer('POST', 200, false);
      return response;
    });
    await visit(get('/'));

    expect(renders).toBe(2);
  });

  it('forgets a page after PUBLIC_CACHE_SECONDS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    renders = 0;
    await visit(get('/'));
    vi.advanceTimersByTime(4_000);
    await visit(get('/'));
    vi.advanceTimersByTime(1_500);
    await visit(get('/'));

    expect(renders).toBe(2);
  });

  it('keeps each search apart and stores nothing but whole, anonymous 200 pages of the public lists and shops', async () => {
    renders = 0;
    await visit(get('/searchResults?q=rice'));
    await visit(get('/searchResults?q=beans'));
    await visit(get('/'), render({ status: 503 }));
    await visit(get('/'), render({ headers: { 'Set-Cookie': 'flash=1' } }));
    await visit(get('/shop/abc/products'));
    await visit(get('/', {}, 'HEAD'));
    expect(renders).toBe(6);

    await visit(get('/searchResults?q=rice'));
    await visit(get('/searchResults?q=beans'));
    await visit(get('/shop/abc/products'));
    expect(renders).toBe(7);
  });

  it('keeps one copy of a list page per state the visitors chose, and shop pages alike for all', async () => {
    renders = 0;
    await visit(get('/searchResults?q=yam'));
    await visit(get('/searchResults?q=yam', { cookie: 'kasuwa_state=Kano' }));
    await visit(get('/searchResults?q=yam', { cookie: 'kasuwa_state=Oyo' }));
    expect(renders).toBe(3);
    const replays = [
      await visit(get('/searchResults?q=yam', { cookie: 'kasuwa_state=Kano' })),
      await visit(get('/searchResults?q=yam')),
      await visit(get('/searchResults?q=yam', { cookie: ' kasuwa_state = Oyo ' })),
    ];
    expect(renders).toBe(3);
    expect(replays.map((replay) => replay.response.headers.get('X-Kasuwa-Cache'))).toEqual(['hit', 'hit', 'hit']);
  });

  it('gives a visitor carrying any cookie the site did not set for everyone, or an Authorization header, a page of their own', async () => {
    renders = 0;
    await visit(get('/searchResults?q=okra'));
    const personal: Record<string, string>[] = [
      { cookie: 'theme=dark' },
      { cookie: '__kasuwa =forged' },
      { cookie: 'kasuwa_state=Oyo; kasuwa_state=Kano' },
      { authorization: 'Bearer x' },
    ];
    for (const headers of personal) await visit(get('/searchResults?q=okra', headers));
    expect(renders).toBe(5);
  });
});

describe('provider answers shared by every visitor', () => {
  it('lets visitors arriving together share one provider call', async () => {
    let calls = 0;
    const read = () => new Promise<string>((resolve) => setTimeout(() => resolve(`answer ${++calls}`), 10));
    const answers = await Promise.all([1, 2, 3].map(() => publicCache.cachedPublicRead('home?page=1', read)));

    expect(answers).toEqual(['answer 1', 'answer 1', 'answer 1']);
  });

  it('reads afresh after a write, for signed-in visitors as for anyone', async () => {
    let calls = 0;
    const read = async () => `categories ${++calls}`;
    expect(await publicCache.cachedPublicRead('categories', read)).toBe('categories 1');
    expect(await publicCache.cachedPublicRead('categories', read)).toBe('categories 1');
    publicCache.forgetPublicAnswers();
    expect(await publicCache.cachedPublicRead('categories', read)).toBe('categories 2');
  });

  it('forgets a failed call at once', async () => {
    let calls = 0;
    const failing = () => Promise.reject(new Error(`down ${++calls}`));
    await expect(publicCache.cachedPublicRead('categories', failing)).rejects.toThrow('down 1');
    await expect(publicCache.cachedPublicRead('categories', failing)).rejects.toThrow('down 2');
  });
});

describe('PUBLIC_CACHE_SECONDS', () => {
  it('is 5 seconds unless set; 0 turns the sharing off; anything else is refused at start', async () => {
    const { readWebEnv } = await import('#app/lib/env.server.ts');
    const base = { DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) };
    expect(readWebEnv(base).publicCacheSeconds).toBe(5);
    expect(readWebEnv({ ...base, PUBLIC_CACHE_SECONDS: '0' }).publicCacheSeconds).toBe(0);
    expect(readWebEnv({ ...base, PUBLIC_CACHE_SECONDS: '2.5' }).publicCacheSeconds).toBe(2.5);
    expect(() => readWebEnv({ ...base, PUBLIC_CACHE_SECONDS: '-1' })).toThrow(/PUBLIC_CACHE_SECONDS/);
    expect(() => readWebEnv({ ...base, PUBLIC_CACHE_SECONDS: 'soon' })).toThrow(/PUBLIC_CACHE_SECONDS/);
  });
});
