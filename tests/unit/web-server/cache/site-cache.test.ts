import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectingLog } from '#tests/support/test-log.ts';
import type { RequestFacts } from '#web-server/cache/page-memory.ts';

type SiteCache = ReturnType<typeof import('#web-server/cache/site-cache.ts').siteCache>;
/** The cache under test, the one a web process holds; `siblingChanges` stands for another process of the tier. */
let cache: SiteCache;
let siblingChanges: () => void = () => {};
let siblingsTold = 0;
let webRequestListener: typeof import('#web-server/http/server.ts').webRequestListener;
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
  const [{ siteCache }, { reportSharedViews }] = await Promise.all([import('#web-server/cache/site-cache.ts'), import('#app/lib/host.server.ts')]);
  ({ webRequestListener } = await import('#web-server/http/server.ts'));
  const siblings = {
    tell: async () => {
      siblingsTold += 1;
    },
    onChange: (listener: () => void) => {
      siblingChanges = listener;
    },
  };
  cache = siteCache({ publicCacheSeconds: 5, redisUrl: undefined, siblings, reportViews: reportSharedViews, log: collectingLog().log });
});

afterEach(() => {
  vi.useRealTimers();
  // Each test starts from nothing remembered.
  siblingChanges();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

let renders = 0;

/** Renders a page the way entry.server does: a fresh nonce in the policy, for scripts and styles, and on each inline script. */
function render(init: { status?: number; headers?: Record<string, string> } = {}) {
  return async () => {
    renders += 1;
    const nonce = `nonce${renders}${Math.random().toString(36).slice(2)}`;
    const body = `<html><script nonce="${nonce}">hydrate()</script><ul><li class="shop-card">Mama Titi's Kitchen</li></ul><script nonce="${nonce}">go()</script></html>`;
    return new Response(body, {
      status: init.status ?? 200,
      headers: {
        'Content-Type': 'text/html',
        'Content-Security-Policy': `script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'`,
        ...init.headers,
      },
    });
  };
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Request(`http://localhost${url}`, { method, headers });
}

/** What the web server reads of a request; the address is the one it vouches for (X-Forwarded-For, as it sets it). */
function factsOf(request: Request): RequestFacts {
  const header = (name: string) => request.headers.get(name);
  return {
    method: request.method,
    url: new URL(request.url),
    cookie: header('cookie'),
    authorization: header('authorization'),
    saveData: header('save-data'),
    acceptLanguage: header('accept-language'),
    acceptEncoding: header('accept-encoding'),
    address: header('x-forwarded-for') ?? '',
    agent: header('user-agent') ?? '',
  };
}

/** A request as the site takes it: the remembered page if any, else `next` rendered through the cache. */
async function visit(request: Request, next = render()) {
  const facts = factsOf(request);
  const replayed = cache.replay(facts);
  const response = replayed ? new Response(replayed.body, { status: replayed.status, headers: replayed.headers }) : await cache.answer(facts, next);
  return { response, text: await response.clone().text() };
}

/** A post the app answered with `status`; `keeps`: the app said it changes nothing anonymous visitors see. */
function write(status: number, { keeps = false, method = 'POST' } = {}) {
  return cache.answer(factsOf(get('/editShop/shop-1/edit-shop', {}, method)), async (memory) => {
    if (keeps) memory.keepSharedPages();
    return new Response(null, { status });
  });
}

/** A provider answer as a loader reads it through the memory its request was given. */
function shared<T>(key: string, read: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    void cache.answer(factsOf(get('/rating')), async (memory) => {
      memory.shared(key, read).then(resolve, reject);
      return new Response(null, { status: 204 });
    });
  });
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
    const policy = second.response.headers.get('Content-Security-Policy')!;
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    expect(nonce).not.toBe(nonces(first.text)[0]);
    // Every place the policy names it: the rules that draw later photos carry it too.
    expect(policy).toBe(`script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'`);
    expect(nonces(second.text)).toEqual([nonce, nonce]);
    expect(second.text.replaceAll(nonce!, 'N')).toBe(first.text.replaceAll(nonces(first.text)[0]!, 'N'));
  });

  it('keeps one copy of a page per language, whether the browser, the chosen cookie or the address names it', async () => {
    const inLanguage = (language: string) => async () =>
      new Response(`<html lang="${language}">${language}</html>`, { headers: { 'Content-Type': 'text/html' } });
    await visit(get('/searchResults?q=garri', { 'accept-language': 'yo-NG,yo;q=0.9' }), inLanguage('yo'));
    await visit(get('/searchResults?q=garri', { 'accept-language': 'en-GB' }), inLanguage('en'));
    await visit(get('/searchResults?q=garri', { cookie: 'kasuwa_lang=ha' }), inLanguage('ha'));

    const yoruba = await visit(get('/searchResults?q=garri', { 'accept-language': 'yo' }));
    const english = await visit(get('/searchResults?q=garri', { 'accept-language': 'en-US,en;q=0.8' }));
    const chosen = await visit(get('/searchResults?q=garri', { 'accept-language': 'yo', cookie: 'kasuwa_lang=ha' }));
    const linked = await visit(get('/searchResults?q=garri&lang=ig', { cookie: 'kasuwa_lang=ha' }), inLanguage('ig'));

    expect([yoruba, english, chosen].map(({ response }) => response.headers.get('X-Kasuwa-Cache'))).toEqual(['hit', 'hit', 'hit']);
    expect([yoruba.text, english.text, chosen.text, linked.text]).toEqual([
      '<html lang="yo">yo</html>',
      '<html lang="en">en</html>',
      '<html lang="ha">ha</html>',
      '<html lang="ig">ig</html>',
    ]);
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

  it('is answered by the web server straight on Node’s request, with a fresh nonce, its security headers and HSTS only over HTTPS', async () => {
    await visit(get('/searchResults?q=suya'));
    let https = false;
    const site = {
      formBody: { maxBytes: 1_000_000, drainMaxBytes: 0, tooLarge: '' },
      replay: cache.replay,
      handle: (_request: Request, facts: RequestFacts) => cache.answer(facts, render()),
    };
    const listener = webRequestListener({ site: () => site as never, staticFiles: () => false, trustProxy: undefined, log: collectingLog().log });
    const node = createServer((request, response) => {
      if (https) request.headers['x-forwarded-proto'] = 'https';
      listener(request, response);
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
    try {
      renders = 0;
      const plain = await fetch(`${base}/searchResults?q=suya`, { headers: { 'accept-encoding': 'identity' } });
      https = true;
      const secure = await fetch(`${base}/searchResults?q=suya`);
      const signedIn = await fetch(`${base}/searchResults?q=suya`, { headers: { cookie: '__kasuwa=signed.value' } });

      const text = await plain.text();
      const nonce = /'nonce-([^']+)'/.exec(plain.headers.get('Content-Security-Policy')!)![1];
      expect(plain.headers.get('X-Kasuwa-Cache')).toBe('hit');
      expect(plain.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(nonces(text)).toEqual([nonce, nonce]);
      expect(text).toContain("Mama Titi's Kitchen");
      expect(plain.headers.get('Strict-Transport-Security')).toBeNull();
      expect(secure.headers.get('Strict-Transport-Security')).toContain('max-age=');
      expect(nonces(await secure.text())).not.toContain(nonce);
      expect(signedIn.headers.get('X-Kasuwa-Cache')).toBeNull();
      expect(renders).toBe(1);
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
    // The first view asks the provider whether it counts visits in bulk; views are not shared until its
    // answer is in, which may come well after the provider has the question.
    await visit(get('/shop/shop-7', ada));
    await vi.waitFor(
      async () => {
        const view = await visit(get('/shop/shop-7', ada));
        expect(view.response.headers.get('X-Kasuwa-Cache')).toBe('miss');
      },
      { timeout: 4000 },
    );
    expect(reported[0]).toEqual([]);
    renders = 0;
    const hits = [
      await visit(get('/shop/shop-7', ada)),
      await visit(get('/shop/shop-7.data', ada)),
      await visit(get('/shop/shop-7', bola)),
      await visit(get('/shop/shop-7', ada)),
    ];
    const signedIn = await visit(get('/shop/shop-7', { ...bola, cookie: '__kasuwa=signed.value' }));
    await cache.stop();

    // After the stored view, only the data request and the signed-in view render; they count themselves at
    // the provider (its GET /shops/{id}), the rest come in bulk, once per visitor: the provider counts a visitor once anyway.
    expect(renders).toBe(2);
    expect(hits.map((hit) => hit.response.headers.get('X-Kasuwa-Cache'))).toEqual(['hit', 'miss', 'hit', 'hit']);
    expect(signedIn.response.headers.get('X-Kasuwa-Cache')).toBeNull();
    expect(reported.slice(1)).toEqual([
      [
        { shop: 'shop-7', address: '102.89.0.1', agent: 'Tecno phone' },
        { shop: 'shop-7', address: '102.89.0.2', agent: 'Itel phone' },
      ],
    ]);
  });

  it("shares a product's page with anonymous visitors, counting no visit, never a signed-in person's, and forgets it after a write", async () => {
    renders = 0;
    reported.length = 0;
    const first = await visit(get('/product/product-3'));
    const hits = [await visit(get('/product/product-3')), await visit(get('/product/product-3.data')), await visit(get('/product/product-3.data'))];
    const signedIn = await visit(get('/product/product-3', { cookie: '__kasuwa=signed.value' }));
    await write(302);
    const afterEdit = await visit(get('/product/product-3'));
    await cache.stop();

    expect(renders).toBe(4);
    expect(first.response.headers.get('X-Kasuwa-Cache')).toBe('miss');
    expect(hits.map((hit) => hit.response.headers.get('X-Kasuwa-Cache'))).toEqual(['hit', 'miss', 'hit']);
    expect(signedIn.response.headers.get('X-Kasuwa-Cache')).toBeNull();
    expect(afterEdit.response.headers.get('X-Kasuwa-Cache')).toBe('miss');
    expect(reported).toEqual([]);
  });

  it('always renders for a request with the session cookie, even an invalid one', async () => {
    renders = 0;
    await visit(get('/'));
    const signedIn = await visit(get('/', { cookie: 'theme=dark; __kasuwa=signed.value' }));
    await visit(get('/', { cookie: '__kasuwa=signed.value' }));

    expect(renders).toBe(3);
    expect(signedIn.response.headers.get('X-Kasuwa-Cache')).toBeNull();
  });

  it('renders afresh after a post the app took, such as an owner editing a shop, tells the other processes, and forgets the shared answers too', async () => {
    let reads = 0;
    const categories = async () => `categories ${++reads}`;
    renders = 0;
    siblingsTold = 0;
    await visit(get('/'));
    expect(await shared('categories', categories)).toBe('categories 1');
    await write(302);
    const afterEdit = await visit(get('/'));
    expect(await shared('categories', categories)).toBe('categories 2');
    await write(200, { method: 'DELETE' });
    await visit(get('/'));

    expect(renders).toBe(3);
    expect(siblingsTold).toBe(2);
    expect(afterEdit.response.headers.get('X-Kasuwa-Cache')).toBe('miss');
  });

  it('keeps reads, refused posts (a forged form, one too large) and answers the app marked as keeping shared pages from emptying the cache', async () => {
    renders = 0;
    await visit(get('/'));
    const version = cache.contentVersion();
    await write(200, { method: 'GET' });
    await write(200, { method: 'HEAD' });
    await write(403);
    await write(413);
    await write(302, { keeps: true });

    expect(cache.contentVersion()).toBe(version);
    await visit(get('/'));
    expect(renders).toBe(1);
  });

  it('does not keep a page rendered while a write was under way, which may show the old content', async () => {
    renders = 0;
    const renderDuringWrite = render();
    await visit(get('/'), async () => {
      const response = await renderDuringWrite();
      await write(200);
      return response;
    });
    await visit(get('/'));

    expect(renders).toBe(2);
  });

  it('renders afresh once another process of the web tier reports a write', async () => {
    renders = 0;
    await visit(get('/'));
    siblingChanges();
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
    const answers = await Promise.all([1, 2, 3].map(() => shared('home?page=1', read)));

    expect(answers).toEqual(['answer 1', 'answer 1', 'answer 1']);
  });

  it('reads afresh after a write, for signed-in visitors as for anyone', async () => {
    let calls = 0;
    const read = async () => `categories ${++calls}`;
    expect(await shared('categories', read)).toBe('categories 1');
    expect(await shared('categories', read)).toBe('categories 1');
    await write(302);
    expect(await shared('categories', read)).toBe('categories 2');
  });

  it('forgets a failed call at once', async () => {
    let calls = 0;
    const failing = () => Promise.reject(new Error(`down ${++calls}`));
    await expect(shared('categories', failing)).rejects.toThrow('down 1');
    await expect(shared('categories', failing)).rejects.toThrow('down 2');
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
