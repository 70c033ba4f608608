import http from 'node:http';
import { Agent, fetch as fetchVia } from 'undici';
import { describe, inject } from 'vitest';
import { VISITS_PER_ADDRESS } from '#server/shops/visits.ts';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { tag } from './support/owners';
import { ownerAtApi, shopOf, webSessionCookie } from './support/web-requests';

const CACHE = 'x-kasuwa-cache';

/**
 * Two requests in a row over one connection, so the second is answered from the shared cache if anything
 * is: each of the web tier's processes keeps its own, and a connection stays with the process that took it.
 */
async function twice(url: string, headers: Record<string, string> = {}) {
  const connection = new Agent({ connections: 1 });
  try {
    await (await fetchVia(url, { headers, dispatcher: connection })).arrayBuffer();
    return await fetchVia(url, { headers, dispatcher: connection });
  } finally {
    void connection.close();
  }
}

/** A page's gzipped size twice over one connection: rendered, then (if shared) from the page memory. */
async function compressedTwice(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ cache: string | undefined; bytes: number }>((resolve, reject) => {
      http
        .get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ cache: response.headers[CACHE] as string | undefined, bytes }));
        })
        .on('error', reject);
    });
  try {
    return [await get(), await get()] as const;
  } finally {
    agent.destroy();
  }
}

/** A page fetched over a connection of its own: the web tier's processes take new connections in turn. */
function onNewConnection(url: string): Promise<{ cache: string | undefined; html: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let html = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (html += chunk));
        response.on('end', () => resolve({ cache: response.headers[CACHE] as string | undefined, html }));
      })
      .on('error', reject);
  });
}

/** A shop's count as its owner's own list reads it, which counts no visit. */
function visitsOf(apiUrl: string, owner: { access: string }, shopId: string) {
  return async () => {
    const profile = await fetch(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${owner.access}` } });
    return ((await profile.json()) as { shops: { id: string; visitor_count: number }[] }).shops.find((item) => item.id === shopId)!.visitor_count;
  };
}

const nonceOf = (response: { headers: Headers }) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

// Plain HTTP requests: what the web tier answers does not depend on the browser's JavaScript.
describe.runIf(plainHttp)(`the cache of anonymous public pages (run with JavaScript ${jsMode})`, () => {
  test('anonymous visitors share the search page, each with their own nonce; a signed-in owner never does', async () => {
    const webUrl = inject('webUrl');
    const owner = await ownerAtApi(inject('apiUrl'));
    const word = `shared${tag()}`;
    await shopOf(inject('apiUrl'), owner, { name: `Iya ${word} Foods` });
    const search = `${webUrl}/searchResults?q=${word}`;

    const anonymous = await twice(search);
    const html = await anonymous.text();
    expect(anonymous.headers.get(CACHE)).toBe('hit');
    expect(html).toContain(`Iya ${word} Foods`);
    const nonces = [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonceOf(anonymous)]));
    expect(nonceOf(await fetch(search))).not.toBe(nonceOf(anonymous));

    const cookie = await webSessionCookie(webUrl, owner);
    const signedIn = await twice(search, { cookie });
    expect(signedIn.headers.get(CACHE)).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
  });

  test('a page from the shared memory costs a phone about the bytes of the same page rendered for it', async () => {
    const owner = await ownerAtApi(inject('apiUrl'));
    const word = `gzip${tag()}`;
    // Enough shops for photos past the first screen, each drawn by a CSS rule the page carries.
    for (let n = 1; n <= 10; n += 1) await shopOf(inject('apiUrl'), owner, { name: `Iya ${word} Foods ${n}` });
    const [rendered, replayed] = await compressedTwice(`${inject('webUrl')}/searchResults?q=${word}`);
    expect([rendered.cache, replayed.cache]).toEqual(['miss', 'hit']);
    expect(replayed.bytes).toBeLessThan(rendered.bytes * 1.05);
  });

  test('a signed-in person cannot plant their page in the memory anonymous visitors share, however they spell the cookie', async () => {
    const webUrl = inject('webUrl');
    const owner = await ownerAtApi(inject('apiUrl'));
    const word = `poison${tag()}`;
    await shopOf(inject('apiUrl'), owner, { name: `Iya ${word} Rice` });
    const value = (await webSessionCookie(webUrl, owner)).split('=').slice(1).join('=');
    const spellings = [`__kasuwa =${value}`, `__kasuwa\t=${value}`, `a=1; __kasuwa =${value}`, `__kasuwa=x; __kasuwa=${value}`];
    for (const path of ['/', '/_.data', `/searchResults?q=${word}`, `/searchResults.data?q=${word}`]) {
      for (const cookie of spellings) {
        const planted = await twice(`${webUrl}${path}`, { cookie });
        expect(planted.headers.get(CACHE), `${path} with ${cookie.slice(0, 12)}`).toBeNull();
        expect(planted.headers.get('cache-control'), `${path} with ${cookie.slice(0, 12)}`).toBe('private, no-store');
      }
      // Every process the anonymous visitor might reach: none holds the owner's page.
      for (let i = 0; i < 4; i += 1) {
        const { html } = await onNewConnection(`${webUrl}${path}`);
        expect(html, path).not.toContain(owner.username);
        expect(html, path).not.toContain('action="/logout"');
      }
    }
  });

  test("an owner's edit through the site reaches anonymous visitors at once", async () => {
    const webUrl = inject('webUrl');
    const owner = await ownerAtApi(inject('apiUrl'));
    const word = `edited${tag()}`;
    const shop = await shopOf(inject('apiUrl'), owner, { name: `Oga ${word} Phones` });
    const search = `${webUrl}/searchResults?q=${word}`;
    expect(await (await twice(search)).text()).toContain(`Oga ${word} Phones`);

    const form = new FormData();
    form.set('name', `Oga ${word} Gadgets`);
    form.set('address', '3 Broad Street, Lagos Island');
    form.set('category', 'Food');
    form.set('description', 'Rice and stew.');
    const edit = await fetch(`${webUrl}/editShop/${shop.id}/edit-shop`, {
      method: 'POST',
      headers: { cookie: await webSessionCookie(webUrl, owner), origin: webUrl },
      body: form,
    });
    expect(edit.status).toBe(200);

    const after = await fetch(search);
    expect(after.headers.get(CACHE)).toBe('miss');
    const html = await after.text();
    expect(html).toContain(`Oga ${word} Gadgets`);
    expect(html).not.toContain(`Oga ${word} Phones`);
  });

  test("signed-in visitors share the provider's public lists too, yet an owner's edit through the site shows on their next page", async () => {
    const [webUrl, apiUrl] = [inject('webUrl'), inject('apiUrl')];
    const owner = await ownerAtApi(apiUrl);
    const word = `lists${tag()}`;
    const shop = await shopOf(apiUrl, owner, { name: `Iya ${word} Foods` });
    const cookie = await webSessionCookie(webUrl, owner);
    // One connection, so one web process answers every visit: each keeps its own memory.
    const connection = new Agent({ connections: 1 });
    const visit = async () => (await fetchVia(`${webUrl}/searchResults?q=${word}`, { headers: { cookie }, dispatcher: connection })).text();
    const rename = (name: string) => {
      const form = new FormData();
      form.set('name', name);
      return form;
    };
    try {
      expect(await visit()).toContain(`Iya ${word} Foods`);
      // Renamed at the API, around the site: the list this process read a moment ago still stands.
      const aroundTheSite = await fetch(`${apiUrl}/shops/${shop.id}/update/`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.access}` },
        body: rename(`Iya ${word} Kitchen`),
      });
      expect(aroundTheSite.status).toBe(200);
      expect(await visit()).toContain(`Iya ${word} Foods`);

      const throughTheSite = await fetch(`${webUrl}/editShop/${shop.id}/edit-shop`, {
        method: 'POST',
        headers: { cookie, origin: webUrl },
        body: rename(`Iya ${word} Canteen`),
      });
      expect(throughTheSite.status).toBe(200);
      const after = await visit();
      expect(after).toContain(`Iya ${word} Canteen`);
      expect(after).not.toContain(`Iya ${word} Foods`);
    } finally {
      void connection.close();
    }
  });

  test('signing in, a heart (as a page or as data) and the Lite mode switch leave the shared pages as they are', async () => {
    const webUrl = inject('webUrl');
    const owner = await ownerAtApi(inject('apiUrl'));
    const word = `kept${tag()}`;
    const shop = await shopOf(inject('apiUrl'), owner, { name: `Mama ${word} Stores` });
    // One connection, so one web process answers every visit; a write through any process empties them all.
    const connection = new Agent({ connections: 1 });
    const visit = async (url: string) => {
      const response = await fetchVia(url, { dispatcher: connection });
      await response.arrayBuffer();
      return response.headers.get(CACHE);
    };
    const post = (path: string, fields: Record<string, string>) => async () => {
      const response = await fetch(`${webUrl}${path}`, { method: 'POST', headers: { origin: webUrl }, body: new URLSearchParams(fields), redirect: 'manual' });
      expect(response.status).toBeLessThan(400);
      expect(response.headers.has('x-kasuwa-keeps-shared-pages')).toBe(false);
    };
    // Each write right after a page of its own was stored, well within the seconds a page is kept.
    let check = 0;
    const keptAfter = async (write: () => Promise<unknown>) => {
      const url = `${webUrl}/searchResults?q=${word}&check=${(check += 1)}`;
      expect(await visit(url)).toBe('miss');
      await write();
      return visit(url);
    };
    try {
      expect(await keptAfter(() => webSessionCookie(webUrl, owner))).toBe('hit');
      expect(await keptAfter(post('/saved', { save: shop.id }))).toBe('hit');
      expect(await keptAfter(post('/saved.data', { remove: shop.id }))).toBe('hit');
      expect(await keptAfter(post('/lite', { lite: 'on', back: '/' }))).toBe('hit');
    } finally {
      void connection.close();
    }
  });

  test("an owner's edit reaches anonymous visitors at once whichever of the web tier's processes answers them", async () => {
    const webUrl = inject('webUrl');
    const owner = await ownerAtApi(inject('apiUrl'));
    const word = `everywhere${tag()}`;
    const shop = await shopOf(inject('apiUrl'), owner, { name: `Mama ${word} Fabrics` });
    const search = `${webUrl}/searchResults?q=${word}`;
    // The suite runs two web processes (WEB_WORKERS=2), which take new connections in turn: six visits one
    // after another reach both, and both remember the page.
    const visits = async () => {
      const answers = [];
      for (let visit = 0; visit < 6; visit += 1) answers.push(await onNewConnection(search));
      return answers;
    };
    const before = await visits();
    expect(before.filter((visit) => visit.cache === 'hit').length).toBeGreaterThan(0);
    expect(before.every((visit) => visit.html.includes(`Mama ${word} Fabrics`))).toBe(true);

    const form = new FormData();
    form.set('name', `Mama ${word} Textiles`);
    const edit = await fetch(`${webUrl}/editShop/${shop.id}/edit-shop`, {
      method: 'POST',
      headers: { cookie: await webSessionCookie(webUrl, owner), origin: webUrl },
      body: form,
    });
    expect(edit.status).toBe(200);

    for (const visit of await visits()) {
      expect(visit.html).toContain(`Mama ${word} Textiles`);
      expect(visit.html).not.toContain(`Mama ${word} Fabrics`);
    }
  });

  test('sixty reloads of a shop page count one visit', async () => {
    const [webUrl, apiUrl] = [inject('webUrl'), inject('apiUrl')];
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Reloaded ${tag()}` });
    const counted = visitsOf(apiUrl, owner, shop.id);

    const phone = { 'user-agent': `Tecno phone ${tag()}` };
    const reloads = [];
    for (let reload = 0; reload < 60; reload += 1) reloads.push(await fetch(`${webUrl}/shop/${shop.id}`, { headers: phone }));
    expect(reloads.every((reload) => reload.status === 200)).toBe(true);
    expect(reloads.some((reload) => reload.headers.get(CACHE) === 'hit')).toBe(true);
    // Views served from memory reach the provider within about a second: give them three.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await counted()).toBe(1);
  });

  test('twenty requests from one address, each with another browser, add at most the few visits an address may add', async () => {
    const [webUrl, apiUrl] = [inject('webUrl'), inject('apiUrl')];
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Crowded ${tag()}` });
    const counted = visitsOf(apiUrl, owner, shop.id);

    for (let index = 0; index < 20; index += 1) {
      const view = await fetch(`${webUrl}/shop/${shop.id}`, { headers: { 'user-agent': `Script ${index} ${tag()}` } });
      expect(view.status).toBe(200);
    }
    await expect.poll(counted, { timeout: 5000, interval: 250 }).toBe(VISITS_PER_ADDRESS);
    // Views served from memory reach the provider within about a second: none may come late.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await counted()).toBe(VISITS_PER_ADDRESS);
  });

  test('each visitor of a shared shop page counts once, whether the page came from memory or was rendered for them', async () => {
    const [webUrl, apiUrl] = [inject('webUrl'), inject('apiUrl')];
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Visits ${tag()}` });
    const counted = visitsOf(apiUrl, owner, shop.id);

    // Each from an address of its own, as a proxy on this machine names them: one address adds only a few visits.
    const browsers = Array.from({ length: 6 }, (_, index) => ({ 'user-agent': `Phone ${index} ${tag()}`, 'x-forwarded-for': `102.89.20.${index + 1}` }));
    const views = [];
    for (const browser of [...browsers, ...browsers]) views.push(await fetch(`${webUrl}/shop/${shop.id}`, { headers: browser }));
    expect(views.at(-1)!.headers.get(CACHE)).toBe('hit');
    await expect.poll(counted, { timeout: 5000, interval: 250 }).toBe(6);

    // A signed-in visitor's page is rendered for them, and counted by the provider's own GET.
    const cookie = await webSessionCookie(webUrl, owner);
    const signedIn = { cookie, 'user-agent': `Laptop ${tag()}` };
    expect((await twice(`${webUrl}/shop/${shop.id}`, signedIn)).headers.get(CACHE)).toBeNull();
    await expect.poll(counted, { timeout: 5000, interval: 250 }).toBe(7);
  });
});
