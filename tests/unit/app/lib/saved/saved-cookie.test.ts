import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SHOPS_COOKIE_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';

let dataDir: string;
let cookies: typeof import('#app/lib/saved/saved-cookie.server.ts');
let saved: typeof import('#app/lib/saved/saved-shops.server.ts');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-saved-cookie-'));
  // The web tier reads its configuration once, on first use; no provider answers here.
  process.env.DATA_DIR = dataDir;
  process.env.PROVIDER_URL = 'http://127.0.0.1:9';
  cookies = await import('#app/lib/saved/saved-cookie.server.ts');
  saved = await import('#app/lib/saved/saved-shops.server.ts');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const ids = (count: number) => Array.from({ length: count }, (_, i) => `shop-${i}`);
/** A request carrying the cookie a Set-Cookie header set. */
const requestWith = (setCookie: string) => new Request('http://kasuwa.test/saved', { headers: { cookie: setCookie.split(';')[0]! } });

describe("a signed-out visitor's saved shops", () => {
  it(`refuses the ${SAVED_SHOPS_COOKIE_MAX + 1}st with a message and keeps the ${SAVED_SHOPS_COOKIE_MAX} already saved`, async () => {
    const full = requestWith(await cookies.savedIdsCookie(ids(SAVED_SHOPS_COOKIE_MAX)));
    expect(await saved.changeSaved(full, null, 'one-more', true)).toEqual({ shop: 'one-more', saved: false, error: MSG.savedFullCookie, status: 409 });
    expect(await cookies.cookieSavedIds(full)).toEqual(ids(SAVED_SHOPS_COOKIE_MAX));
  });

  it('removes a shop from the cookie, and clears the cookie with the last one', async () => {
    const two = requestWith(await cookies.savedIdsCookie(['a', 'b']));
    const removed = await saved.changeSaved(two, null, 'a', false);
    expect(await cookies.cookieSavedIds(requestWith(removed.setCookie!))).toEqual(['b']);
    const last = await saved.changeSaved(requestWith(removed.setCookie!), null, 'b', false);
    expect(last.setCookie).toMatch(/^kasuwa_saved=; Max-Age=0/);
  });

  it('finds nothing saved in a cookie it did not sign, or one changed since', async () => {
    const [name, value] = (await cookies.savedIdsCookie(['a'])).split(';')[0]!.split('=');
    const [data, signature] = value!.split('.');
    const forged = Buffer.from(JSON.stringify(['a', 'b'])).toString('base64');
    const request = (cookie: string) => new Request('http://kasuwa.test/', { headers: { cookie: `${name}=${cookie}` } });
    expect(await cookies.cookieSavedIds(request(`${data}.${signature}`))).toEqual(['a']);
    expect(await cookies.cookieSavedIds(request(`${forged}.${signature}`))).toEqual([]);
    expect(await cookies.cookieSavedIds(request(forged))).toEqual([]);
  });
});
