import { createCookie, createCookieSessionStorage } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedCookie } from '#app/lib/signed-cookie.server.ts';

const SECRET = 'a-long-random-session-secret-for-the-tests';
const OPTIONS = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: true };
const ours = signedCookie('__kasuwa', { ...OPTIONS, secrets: [SECRET] });
const reactRouters = createCookie('__kasuwa', { ...OPTIONS, secrets: [SECRET] });

/** `name=value` from a Set-Cookie header, as a browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(';')[0]!;

// Non-ASCII text and characters that base64 and cookie encoding both treat specially.
const DATA = { user: { id: '7', username: 'adé', email: 'a+b@example.ng' }, access: 'x.y/z=', lastSeen: 1764115200000 };

describe('the signed session cookie', () => {
  it("writes React Router's own format, so sessions outlive the change in both directions", async () => {
    expect(sentBack(await ours.serialize(DATA))).toBe(sentBack(await reactRouters.serialize(DATA)));
    expect(await ours.parse(sentBack(await reactRouters.serialize(DATA)))).toEqual(DATA);
    expect(await reactRouters.parse(sentBack(await ours.serialize(DATA)))).toEqual(DATA);
  });

  it('keeps the attributes: HttpOnly, SameSite=Lax, Secure, Path', async () => {
    const header = await ours.serialize(DATA);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; SameSite=Lax/);
  });

  it('refuses a changed value, a changed signature, another secret and no signature at all', async () => {
    const [name, value] = sentBack(await ours.serialize(DATA)).split('=') as [string, string];
    const [data, mac] = decodeURIComponent(value).split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...DATA, user: { ...DATA.user, id: '1' } })).toString('base64');
    const other = signedCookie('__kasuwa', { secrets: ['another-secret'] });
    for (const header of [
      `${name}=${encodeURIComponent(`${forged}.${mac}`)}`,
      `${name}=${encodeURIComponent(`${data}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)}`,
      `${name}=${encodeURIComponent(data)}`,
      `${name}=${encodeURIComponent(`${data}.`)}`,
    ]) {
      expect(await ours.parse(header)).toBeNull();
    }
    expect(await other.parse(`${name}=${value}`)).toBeNull();
  });

  it('signs with the first secret and still reads cookies signed with the others', async () => {
    const rotated = signedCookie('__kasuwa', { secrets: ['the-new-secret', SECRET] });
    const old = sentBack(await ours.serialize(DATA));
    expect(await rotated.parse(old)).toEqual(DATA);
    const fresh = sentBack(await rotated.serialize(DATA));
    expect(await ours.parse(fresh)).toBeNull();
    expect(await rotated.parse(fresh)).toEqual(DATA);
  });

  it('finds its own cookie among others and answers null without one', async () => {
    const own = sentBack(await ours.serialize(DATA));
    expect(await ours.parse(`theme=dark; ${own}; lang=ha`)).toEqual(DATA);
    expect(await ours.parse('theme=dark')).toBeNull();
    expect(await ours.parse(null)).toBeNull();
  });

  it('serves a session storage: a committed session reads back, a destroyed one expires the cookie', async () => {
    const storage = createCookieSessionStorage({ cookie: ours });
    const session = await storage.getSession();
    session.set('user', DATA.user);
    const again = await storage.getSession(sentBack(await storage.commitSession(session)));
    expect(again.get('user')).toEqual(DATA.user);
    const destroyed = await storage.destroySession(again);
    expect(destroyed).toMatch(/^__kasuwa=; /);
    expect(destroyed).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});
