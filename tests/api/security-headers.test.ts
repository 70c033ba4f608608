import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/harness';
import { checkoutUrl, startCheckout } from './support/payments';
import { bearer, type SignedUp, signUp } from './support/requests';
import { createShop, postShop } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let shop: Awaited<ReturnType<typeof createShop>>;
beforeAll(async () => {
  api = await startTestApi({ listen: true });
  owner = await signUp(api.app);
  shop = await createShop(api.app, owner.access);
});
afterAll(() => api.close());

const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'";

function expectGuarded(headers: Headers, where: string) {
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('x-frame-options'), where).toBe('DENY');
  expect(headers.get('referrer-policy'), where).toBe('no-referrer');
}

describe('headers a browser reads on every answer of the API', () => {
  it('JSON answers, successes and errors alike, can be neither sniffed, run, framed nor read by another site', async () => {
    const answers = [
      await fetch(`${api.url}/shops`),
      await fetch(`${api.url}/shops/${shop.id}`),
      await fetch(`${api.url}/categories`),
      await fetch(`${api.url}/openapi.json`),
      await fetch(`${api.url}/healthz`),
      await fetch(`${api.url}/auth/profile`),
      await fetch(`${api.url}/no-such-thing`),
      await fetch(`${api.url}/shops/%zz`),
      await fetch(`${api.url}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ];
    for (const response of answers) {
      const where = `${response.url} (${response.status})`;
      expect(response.headers.get('content-type'), where).toContain('application/json');
      expectGuarded(response.headers, where);
      expect(response.headers.get('content-security-policy'), where).toBe(JSON_POLICY);
      expect(response.headers.get('cross-origin-resource-policy'), where).toBe('same-origin');
    }
  });

  it('a 413 for a photo over 5 MB carries them too', async () => {
    const response = await postShop(api.app, owner.access, undefined, [
      { field: 'image', filename: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(JSON_POLICY);
  });

  it('images stay viewable from any site, the older client’s included, and are never sniffed', async () => {
    for (const url of [shop.image_url, ...shop.image.variants.map((variant) => variant.url)]) {
      const response = await fetch(`${api.url}${new URL(url).pathname}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^image\//);
      expectGuarded(response.headers, url);
      expect(response.headers.get('cross-origin-resource-policy'), url).toBe('cross-origin');
      await response.arrayBuffer();
    }
  });

  it('the payment simulator’s checkout page keeps its own policy: its styles apply, nothing else loads', async () => {
    const checkout = await startCheckout(api, owner.access, shop.id);
    const response = await fetch(checkoutUrl(api, checkout));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expectGuarded(response.headers, 'checkout page');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(await response.text()).toContain('<form method="post">');
  });
});

describe('a NUL character or a lone surrogate in a query or a path', () => {
  it.each(['/shops?q=%00', '/shops?q=rice%00', '/shops?category=%00', '/shops?page=%00', '/shops/suggest?q=%00', '/ads/?shop_id=%00', '/categories?x=%00'])(
    '%s is a 400 that names the character, before any query runs',
    async (url) => {
      const response = await api.app.inject({ method: 'GET', url, headers: bearer(owner.access) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'A query must not contain the NUL character (%00).' });
    },
  );

  it.each(['/shops/%00', '/shops/%00/products', '/shops/products/%00/', '/media/shops/x%00.jpg'])('%s names nothing: a 404', async (url) => {
    const response = await api.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
  });

  it.each(['/shops?q=%ED%A0%80', '/shops?q=rice%ED%B0%80', '/shops?category=%ED%A0%80', '/shops/suggest?q=%ED%A0%80', '/shops?q=%uD800', '/shops?q=%F0%9F'])(
    '%s finds nothing and says so, without failing',
    async (url) => {
      const response = await api.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.for_you ?? body.results).toEqual([]);
    },
  );

  it.each(['/shops/%ED%A0%80', '/shops/%ED%A0%80/products', '/shops/products/%ED%A0%80/'])('%s is a 400: no id is spelt that way', async (url) => {
    const response = await api.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The address is not a valid URL.' });
  });
});
