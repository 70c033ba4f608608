import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, inject } from 'vitest';
import { MIN_BYTES } from '#scripts/lib/precompress.ts';
import { ROOT } from '#scripts/lib/product.ts';
import { signIn } from './support/accounts';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { startWebTierBehindTls } from './support/https-web-tier';
import { type ApiOwner, ownerAtApi, productsOf, shopAsStored, shopOf, webSessionCookie } from './support/web-requests';

/**
 * Payloads that would run a script if any page put them into the HTML as markup. Each fits its field's
 * limit (a tag holds 30 characters, a category 60) and sets `window.__xss` when it runs.
 */
const XSS = {
  name: 'Evil </script><script>window.__xss=1</script>',
  description: '"><img src=x onerror="window.__xss=1"> <b>bold</b> & co',
  address: "'><svg onload=window.__xss=1>",
  category: '<img src=x onerror=__xss=1>',
  tags: '"><svg onload=__xss=1>',
  product: '<img src=x onerror=window.__xss=2>',
};
/** What must never reach a page's HTML as written: each payload's opening markup. */
const RAW_MARKUP = ['<script>window.__xss', '<img src=x', '<svg onload', '</script><script>'];

let owner: ApiOwner;
let shopId: string;
let productId: string;
let marker: string;

beforeAll(async () => {
  const apiUrl = inject('apiUrl');
  owner = await ownerAtApi(apiUrl);
  marker = `xss${owner.username.slice(-8)}`;
  const shop = await shopOf(apiUrl, owner, {
    name: `${marker} ${XSS.name}`,
    description: XSS.description,
    address: XSS.address,
    category: XSS.category,
    tags: XSS.tags,
  });
  shopId = shop.id;
  productId = (await productsOf(apiUrl, owner, shopId, [XSS.product]))[0]!.id;
});

/** No script the page was given ran, and no element it holds carries an event handler attribute. */
async function expectInert(page: Page, where: string) {
  if (jsMode === 'on') {
    // React attaches its handlers as properties, never as `on…` attributes; give a late payload a moment.
    await delay(200);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `a payload ran on ${where}`).toBeUndefined();
  }
  const handlers = await page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => `${element.tagName} ${attribute.name}`),
    ),
  );
  expect(handlers, `elements with event handlers on ${where}`).toEqual([]);
  expect(await page.locator('img[src="x"], svg[onload]').count(), `injected elements on ${where}`).toBe(0);
}

async function expectNoRawMarkup(url: string, cookie?: string) {
  const html = await (await fetch(url, { headers: cookie ? { cookie } : {} })).text();
  for (const markup of RAW_MARKUP) expect(html.includes(markup), `${url} holds ${markup} as markup`).toBe(false);
}

describe(`stored and reflected script injection (JavaScript ${jsMode})`, () => {
  test('every public page shows the shop’s text as text', async ({ page, webUrl }) => {
    const pages = ['/', `/searchResults?q=${marker}`, `/searchResults?category=${encodeURIComponent(XSS.category)}`, `/shop/${shopId}`];
    for (const path of pages) {
      // The shop was made at the API, around the site: each web process shares the lists for a few seconds,
      // and the browser keeps a public list for longer, so the page is reloaded (asking the site again)
      // until its process shows the shop.
      let visits = 0;
      await expect
        .poll(async () => {
          await (visits++ === 0 ? page.goto(path) : page.reload());
          return page.getByText(marker).count();
        })
        .toBeGreaterThan(0);
      await expectInert(page, path);
      await expectNoRawMarkup(`${webUrl}${path}`);
    }
    await page.goto(`/shop/${shopId}`);
    await page.getByText(XSS.product).first().waitFor();
    await page.getByText(XSS.description).first().waitFor();
    await page.getByText(XSS.address).first().waitFor();
    await expectInert(page, 'the shop page with its product');
  });

  test('the owner’s pages show the same text inert, in lists and in form fields', async ({ page, webUrl, apiUrl }) => {
    await signIn(page, owner.username, owner.password);
    await page.waitForURL((url) => url.pathname === '/');
    const cookie = await webSessionCookie(webUrl, owner);
    const pages: [string, () => Promise<void>][] = [
      ['/myShop', () => page.getByText(marker).first().waitFor()],
      [`/shop/${shopId}/products`, () => page.getByText(XSS.product).first().waitFor()],
      [`/editShop/${shopId}/edit-shop`, async () => expect(await page.getByLabel('Shop name').inputValue()).toBe(`${marker} ${XSS.name}`)],
      [`/shop/${productId}/edit-products`, async () => expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(XSS.product)],
      ['/purchaseAds', () => page.getByText(marker).first().waitFor()],
      [`/shop/${shopId}/step1`, () => page.getByText(marker).first().waitFor()],
    ];
    for (const [path, shown] of pages) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await shown();
      await expectInert(page, path);
      await expectNoRawMarkup(`${webUrl}${path}`, cookie);
    }
    expect(await shopAsStored(apiUrl, shopId)).toContain('window.__xss');
  });

  test('what a visitor types comes back as text: the search box and a failed sign-in', async ({ page, webUrl }) => {
    await page.goto(`/searchResults?q=${encodeURIComponent(XSS.description)}`);
    await page.locator('h1').first().waitFor();
    await expectInert(page, 'search results');
    await expectNoRawMarkup(`${webUrl}/searchResults?q=${encodeURIComponent(XSS.description)}`);

    await page.goto('/login');
    await page.getByLabel('Username or email').fill(XSS.description);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').first().waitFor();
    await expectInert(page, 'a failed sign-in');
  });
});

describe(`requests from another site (JavaScript ${jsMode})`, () => {
  let victim: ApiOwner;
  let victimShop: string;
  let cookie: string;

  beforeAll(async () => {
    victim = await ownerAtApi(inject('apiUrl'));
    victimShop = (await shopOf(inject('apiUrl'), victim, { name: 'Victim Stores' })).id;
    cookie = await webSessionCookie(inject('webUrl'), victim);
  });

  const forged = (webUrl: string, path: string, headers: Record<string, string>, fields: Record<string, string>) =>
    fetch(`${webUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });

  test.runIf(plainHttp).for([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['the opaque Origin "null" of a sandboxed page', { origin: 'null' }],
    ['no Origin but a Referer from another site', { referer: 'https://evil.example/page' }],
    ['an Origin on another port of this host', { origin: 'http://localhost:1' }],
  ] as const)('a form post with %s is refused and changes nothing', async ([, headers], { webUrl, apiUrl }) => {
    const before = await shopAsStored(apiUrl, victimShop);
    const posts = [
      forged(webUrl, '/myShop', headers, { intent: 'delete', shopId: victimShop }),
      forged(webUrl, `/editShop/${victimShop}/edit-shop`, headers, { name: 'Hijacked' }),
      forged(webUrl, '/login', headers, { username_or_email: victim.username, password: victim.password }),
      forged(webUrl, '/logout', headers, {}),
    ];
    for (const response of await Promise.all(posts)) {
      // React Router refuses a cross-origin post to a page's action itself (400), our middleware the rest (403).
      expect([400, 403]).toContain(response.status);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect(await shopAsStored(apiUrl, victimShop)).toBe(before);
  });

  test('a page on another site that posts the delete form in the victim’s browser deletes nothing', async ({ context, page, webUrl, apiUrl }) => {
    await context.addCookies([{ name: '__kasuwa', value: cookie.split('=')[1]!, url: webUrl }]);
    const evil = 'http://evil.test';
    await context.route(`${evil}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" action="${webUrl}/myShop"><input name="intent" value="delete"><input name="shopId" value="${victimShop}"><button>Win a prize</button></form>`,
      }),
    );
    await page.goto(`${evil}/`);
    const answered = page.waitForResponse((response) => response.url().startsWith(`${webUrl}/myShop`));
    await page.getByRole('button', { name: 'Win a prize' }).click();
    expect([400, 403]).toContain((await answered).status());
    expect((await fetch(`${apiUrl}/shops/${victimShop}`)).status).toBe(200);
  });
});

describe(`redirect parameters (JavaScript ${jsMode})`, () => {
  const OFF_SITE = [
    '//evil.com',
    '/\\evil.com',
    '\\/evil.com',
    'https:evil.com',
    'https://evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '%2F%2Fevil.com',
    '/%2F%2Fevil.com',
    '/%5Cevil.com',
    'http://localhost@evil.com',
    'javascript:alert(1)',
    '/.//evil.example/phish',
    '/%2e%2e//evil.com',
  ];

  test.runIf(plainHttp).for(OFF_SITE)('signing in with redirectTo=%j stays on this site', async (target, { webUrl, apiUrl }) => {
    const person = await ownerAtApi(apiUrl);
    const response = await fetch(`${webUrl}/login?${new URLSearchParams({ redirectTo: target })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
      body: new URLSearchParams({ username_or_email: person.username, password: person.password }),
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    // Resolved as a browser resolves a Location header.
    expect(new URL(response.headers.get('location')!, webUrl).origin).toBe(new URL(webUrl).origin);
  });

  test.runIf(plainHttp)('a signed-in visit to /login or /signup with an off-site redirectTo goes to a page of this site', async ({ webUrl, apiUrl }) => {
    const person = await ownerAtApi(apiUrl);
    const cookie = await webSessionCookie(webUrl, person);
    for (const page of ['/login', '/signup']) {
      for (const target of OFF_SITE) {
        const response = await fetch(`${webUrl}${page}?${new URLSearchParams({ redirectTo: target })}`, { headers: { cookie }, redirect: 'manual' });
        expect(response.status, `${page} ${JSON.stringify(target)}`).toBe(302);
        expect(new URL(response.headers.get('location')!, webUrl).origin).toBe(new URL(webUrl).origin);
      }
    }
  });

  test('in the browser, signing in from a link with redirectTo=//evil.com lands on this site', async ({ page, webUrl, apiUrl }) => {
    const person = await ownerAtApi(apiUrl);
    await page.goto(`/login?redirectTo=${encodeURIComponent('/\t/evil.com')}`);
    await signInHere(page, person.username, person.password);
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).origin).toBe(new URL(webUrl).origin);
  });
});

async function signInHere(page: Page, username: string, password: string) {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A GET with the path sent byte for byte, as an attacker's tool sends it; fetch would tidy `..` away. */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe.runIf(plainHttp)(`path traversal on /media and the static files (JavaScript ${jsMode})`, () => {
  const TRAVERSALS = [
    '/media/../../../../etc/passwd',
    '/media/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '/media/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/media/%252e%252e%252f%252e%252e%252fetc%252fpasswd',
    '/media/shops/..%2F..%2F..%2Fpackage.json',
    '/media/....//....//....//etc/passwd',
    '/media/..\\..\\..\\..\\etc\\passwd',
    '/media/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
    '/media/shops/x%00.jpg',
    '/media/.secrets/jwt',
    '/media/../secrets/jwt',
    '/media/..%2Fsecrets%2Fjwt',
    '/assets/..%2F..%2F..%2Fpackage.json',
    '/assets/%2e%2e/%2e%2e/server/index.js',
    '/assets/..%5C..%5Cpackage.json',
  ];

  test.for(TRAVERSALS)('%s is refused by the web relay and by the API, and serves nothing outside the media folder', async (path, { webUrl, apiUrl }) => {
    for (const base of [webUrl, apiUrl]) {
      const response = await rawGet(base, path);
      expect([400, 404], `${base}${path} answered ${response.status}`).toContain(response.status);
      expect(response.body).not.toMatch(/root:|"name": "kasuwa"|BEGIN|[A-Za-z0-9+/]{40,}={0,2}$/m);
    }
  });
});

describe.runIf(plainHttp)(`search with SQL metacharacters (JavaScript ${jsMode})`, () => {
  test.for(["'", '%', '_', '\\', ';--', "' OR '1'='1", '%_%', "'; DROP TABLE shops;--"])(
    'searching %j answers normally and matches only what it says',
    async (query, { webUrl, apiUrl }) => {
      const all = (await (await fetch(`${apiUrl}/shops?page_size=1`)).json()) as { count: number };
      const api = await fetch(`${apiUrl}/shops?${new URLSearchParams({ q: query })}`);
      expect(api.status).toBe(200);
      const found = (await api.json()) as { count: number };
      // The wildcards are letters like any other: `%` finds shops with a % in them, not every shop.
      expect(found.count).toBeLessThan(all.count);
      const web = await fetch(`${webUrl}/searchResults?${new URLSearchParams({ q: query })}`);
      expect(web.status).toBe(200);
      const suggestions = await fetch(`${webUrl}/search-suggestions?${new URLSearchParams({ q: query })}`);
      expect(suggestions.status).toBe(200);
      expect((await (await fetch(`${apiUrl}/shops?page_size=1`)).json()).count).toBe(all.count);
    },
  );
});

describe.runIf(plainHttp)(`a NUL byte or a lone surrogate in an address (JavaScript ${jsMode})`, () => {
  test('a NUL byte in a search is a 4xx page, not a 503', async ({ webUrl, apiUrl }) => {
    for (const query of ['q=%00', 'q=rice%00', 'category=%00', 'q=rice&category=Food%00']) {
      const page = await fetch(`${webUrl}/searchResults?${query}`);
      expect(page.status, query).toBe(400);
      const html = await page.text();
      expect(html, query).toContain('No shops match your search');
      expect(html, query).toContain('name="q"');
      const api = await fetch(`${apiUrl}/shops?${query}`);
      expect(api.status, query).toBe(400);
    }
  });

  test('a NUL byte in a suggestion, a shop address or any API address is a 4xx or nothing found, never a 5xx', async ({ webUrl, apiUrl }) => {
    const suggestions = await fetch(`${webUrl}/search-suggestions?q=%00`);
    expect(suggestions.status).toBe(200);
    expect(await suggestions.json()).toEqual({ results: [] });
    for (const path of ['/shop/%00', '/product/%00', '/shop/x%00y', '/media/shops/%00.jpg', '/?page=%00']) {
      const response = await rawGet(webUrl, path);
      expect(response.status, path).toBeLessThan(500);
    }
    for (const path of ['/shops/%00', '/shops/suggest?q=%00', '/shops/products/%00/', '/categories?x=%00', '/media/%00']) {
      const response = await rawGet(apiUrl, path);
      expect([400, 404], `${path} answered ${response.status}`).toContain(response.status);
    }
  });

  test('a NUL byte in a heart is a 400, signed out or in, never a 5xx', async ({ webUrl }) => {
    for (const body of ['save=a%00b', 'remove=a%00b', 'save=%00']) {
      const response = await fetch(`${webUrl}/saved`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
        body,
        redirect: 'manual',
      });
      expect(response.status, body).toBe(400);
    }
  });

  test('a lone surrogate in a search finds nothing and says so', async ({ webUrl, apiUrl }) => {
    for (const query of ['q=%ED%A0%80', 'q=rice%ED%B0%80', 'category=%ED%A0%80']) {
      const page = await fetch(`${webUrl}/searchResults?${query}`);
      expect(page.status, query).toBe(200);
      expect(await page.text(), query).toContain('No shops match your search');
      const api = await fetch(`${apiUrl}/shops?${query}`);
      expect(api.status, query).toBe(200);
    }
    const suggestions = await fetch(`${webUrl}/search-suggestions?q=%ED%A0%80`);
    expect(await suggestions.json()).toEqual({ results: [] });
  });
});

describe.runIf(plainHttp)(`odd Host headers (JavaScript ${jsMode})`, () => {
  test('a Host that names no site is a plain 400 on every kind of page, and the log holds no stack trace for it', async ({ webUrl }) => {
    const { port } = new URL(webUrl);
    const log = path.join(ROOT, 'test-results', `e2e-js-${jsMode}.log`);
    const logBefore = (await readFile(log, 'utf8')).length;
    const statusOf = (host: string, target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('end', () => resolve(answer.split('\r\n')[0]!));
        socket.on('error', reject);
      });
    for (const host of ['a b', '[', '%', 'a@b', ':99999', '']) {
      for (const target of ['/login', `/searchResults?q=odd${host.length}`, '/shop/none', '/healthz']) {
        expect(await statusOf(host, target), `Host: ${host} on ${target}`).toBe('HTTP/1.1 400 Bad Request');
      }
    }
    expect(await statusOf(`localhost:${port}`, '/healthz')).toBe('HTTP/1.1 200 OK');
    await delay(200);
    const written = (await readFile(log, 'utf8')).slice(logBefore);
    expect(written).not.toMatch(/^\s+at |"stack"/m);
  });
});

/** Scripts and stylesheets from /assets, as a browser finds them in the home and sign-in pages (the home page's CSS is inline). */
async function assetsOf(webUrl: string): Promise<string[]> {
  const pages = await Promise.all(['/', '/login'].map(async (path) => (await fetch(`${webUrl}${path}`)).text()));
  return [...new Set(pages.flatMap((html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!)))];
}

describe.runIf(plainHttp)(`security headers (JavaScript ${jsMode})`, () => {
  test('every kind of answer says nosniff, keeps referrers short and refuses framing', async ({ webUrl, apiUrl }) => {
    const shop = (await (await fetch(`${apiUrl}/shops/${shopId}`)).json()) as { image_url: string };
    const assets = await assetsOf(webUrl);
    expect(assets.some((asset) => asset.endsWith('.js')) && assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    const paths = [
      '/',
      `/shop/${shopId}`,
      '/login',
      '/no-such-page',
      '/healthz',
      '/robots.txt',
      '/sitemap.xml',
      '/search-suggestions?q=rice',
      '/favicon.svg',
      '/favicon.ico',
      '/myShop',
      new URL(shop.image_url).pathname,
      ...assets,
    ];
    for (const path of paths) {
      const response = await fetch(`${webUrl}${path}`, { redirect: 'manual' });
      const where = `${path} (${response.status})`;
      expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), where).toBe('DENY');
      // Plain HTTP: nothing to pin.
      expect(response.headers.get('strict-transport-security'), where).toBeNull();
      if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
        const policy = response.headers.get('content-security-policy') ?? '';
        expect(policy, where).toMatch(/frame-ancestors 'none'/);
        const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
        expect(nonce, where).toBeTruthy();
        const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
        for (const script of scripts)
          expect(script.includes(`nonce="${nonce}"`) || /type="application\/(?:ld\+)?json"/.test(script), `${where}: ${script}`).toBe(true);
      }
    }
    const refused = await fetch(`${webUrl}/logout`, { method: 'POST', headers: { origin: 'https://evil.example' }, redirect: 'manual' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('every answer that is not a page lets nothing run, load or frame it; the poster file may show only its own photo', async ({ webUrl, apiUrl }) => {
    const shop = (await (await fetch(`${apiUrl}/shops/${shopId}`)).json()) as { image_url: string };
    const cookie = await webSessionCookie(webUrl, owner);
    const poster = await fetch(`${webUrl}/myShop/${shopId}/poster.svg`, { headers: { cookie } });
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toContain('image/svg+xml');
    expect(poster.headers.get('content-security-policy')).toBe("default-src 'none'; img-src data:; frame-ancestors 'none'");
    expect(poster.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await poster.text()).not.toMatch(/<script|\sstyle=|<style/);

    const paths = [
      '/robots.txt',
      '/sitemap.xml',
      '/search-suggestions?q=rice',
      '/healthz',
      '/favicon.svg',
      new URL(shop.image_url).pathname,
      '/media/shops/no-such-photo.jpg',
      `/shop/${shopId}.data`,
      '/no-such-page.data',
      ...(await assetsOf(webUrl)),
    ];
    for (const path of paths) {
      const response = await fetch(`${webUrl}${path}`, { redirect: 'manual' });
      const where = `${path} (${response.status} ${response.headers.get('content-type')})`;
      expect(response.headers.get('content-type') ?? '', where).not.toContain('text/html');
      expect(response.headers.get('content-security-policy'), where).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
      await response.arrayBuffer();
    }
  });

  test('every kind of API answer says nosniff, refuses framing and sends no referrer; images stay showable anywhere', async ({ apiUrl }) => {
    const shop = (await (await fetch(`${apiUrl}/shops/${shopId}`)).json()) as { image_url: string };
    const answers = [
      ['/shops', 'same-origin'],
      [`/shops/${shopId}`, 'same-origin'],
      ['/auth/profile', 'same-origin'],
      ['/no-such-thing', 'same-origin'],
      [new URL(shop.image_url).pathname, 'cross-origin'],
    ];
    for (const [path, resourcePolicy] of answers) {
      const response = await fetch(`${apiUrl}${path}`);
      const where = `${path} (${response.status})`;
      expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), where).toBe('DENY');
      expect(response.headers.get('referrer-policy'), where).toBe('no-referrer');
      expect(response.headers.get('content-security-policy'), where).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('cross-origin-resource-policy'), where).toBe(resourcePolicy);
      await response.arrayBuffer();
    }
  });

  test('hashed assets are cached for a year and compressed; pages are compressed too', async ({ webUrl }) => {
    const assets = await assetsOf(webUrl);
    for (const asset of assets) {
      const response = await fetch(`${webUrl}${asset}`, { headers: { 'accept-encoding': 'br' } });
      expect(response.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      const plain = await fetch(`${webUrl}${asset}`, { headers: { 'accept-encoding': 'identity' } });
      const size = plain.headers.get('content-length');
      await plain.body?.cancel();
      // Files too small to gain from it have no compressed copy.
      expect(response.headers.get('content-encoding'), asset).toBe(Number(size) < MIN_BYTES ? null : 'br');
      await response.body?.cancel();
    }
    const page = await fetch(`${webUrl}/login`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await page.text()).toContain('Sign in');
  });

  test('behind a trusted HTTPS proxy (X-Forwarded-Proto from this machine) pages and assets pin HTTPS with HSTS', async ({ webUrl }) => {
    for (const path of ['/', '/login', '/favicon.svg', ...(await assetsOf(webUrl))]) {
      const response = await fetch(`${webUrl}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
    }
  });

  test('the session cookie is HttpOnly and SameSite=Lax, and not Secure over plain HTTP', async ({ webUrl, apiUrl }) => {
    const person = await ownerAtApi(apiUrl);
    const response = await fetch(`${webUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
      body: new URLSearchParams({ username_or_email: person.username, password: person.password }),
      redirect: 'manual',
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__kasuwa='))!;
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});

describe.runIf(plainHttp)(`in production over HTTPS (JavaScript ${jsMode})`, () => {
  test('behind the TLS proxy, signing in works and its cookie is Secure, HttpOnly and SameSite=Lax', async ({ apiUrl }) => {
    const tier = await startWebTierBehindTls(apiUrl);
    try {
      const person = await ownerAtApi(apiUrl);
      const viaProxy = { 'x-forwarded-proto': 'https' };
      const response = await fetch(`${tier.url}/login`, {
        method: 'POST',
        headers: { ...viaProxy, 'content-type': 'application/x-www-form-urlencoded', origin: tier.publicOrigin },
        body: new URLSearchParams({ username_or_email: person.username, password: person.password }),
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__kasuwa='))!;
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      const mine = await fetch(`${tier.url}/myShop`, { headers: { ...viaProxy, cookie: cookie.split(';')[0]! }, redirect: 'manual' });
      expect(mine.status).toBe(200);
    } finally {
      await tier.stop();
    }
  });
});
