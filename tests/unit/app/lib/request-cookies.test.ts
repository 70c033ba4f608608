import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE, isAnonymousRequest, readCookies } from '#app/lib/request-cookies.ts';
import { fuzzParameters } from '#tests/api/support/fuzz.ts';

let dataDir: string;
let session: typeof import('#app/lib/session.server.ts');
let saved: typeof import('#app/lib/saved/saved-cookie.server.ts');
/** A signed session cookie's value and a signed saved-shops cookie's value, as this web tier writes them. */
let sessionValue: string;
let savedValue: string;

const cookieValue = (setCookie: string) => setCookie.slice(setCookie.indexOf('=') + 1, setCookie.indexOf(';'));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-cookies-'));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = 'a-session-secret-of-at-least-32-characters';
  session = await import('#app/lib/session.server.ts');
  saved = await import('#app/lib/saved/saved-cookie.server.ts');
  const store = session.sessionStorage();
  const signedIn = await store.getSession();
  signedIn.set('user', { id: 'u1', username: 'ada', email: 'ada@example.ng' });
  signedIn.set('access', 'token');
  sessionValue = cookieValue(await store.commitSession(signedIn));
  savedValue = cookieValue(await saved.savedIdsCookie(['0b7c2f0e-5a4e-4a39-9f53-2f4f0c7d1a10']));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** What the app reads from a Cookie header: a signed-in person, and saved shops. */
async function appReads(header: string) {
  const request = new Request('http://kasuwa.test/', { headers: { cookie: header } });
  const user = (await session.sessionStorage().getSession(header)).get('user');
  return { signedIn: user !== undefined, savedShops: (await saved.cookieSavedIds(request)).length };
}

/** Names as an attacker spells them: blanks and tabs around, other case, percent-encoded, quoted. */
const spelling = (name: string) =>
  fc.constantFrom(name, ` ${name}`, `${name} `, `\t${name}\t`, ` \t${name} `, name.toUpperCase(), encodeURIComponent(name).replace(/_/g, '%5F'), `"${name}"`);
const value = (signed: string) => fc.constantFrom(signed, `"${signed}"`, ` ${signed} `, `\t${signed}`, encodeURIComponent(signed));

/** A cookie pair: the session's or the saved shops' (signed by this web tier, however spelled), a public one, or junk. */
const pair = () =>
  fc.oneof(
    fc.tuple(spelling(COOKIE.session), value(sessionValue)).map(([name, v]) => `${name}=${v}`),
    fc.tuple(spelling(COOKIE.saved), value(savedValue)).map(([name, v]) => `${name}=${v}`),
    fc.constantFrom(`${COOKIE.state}=Lagos`, `${COOKIE.state}=Abuja%20(FCT)`, `${COOKIE.lite}=on`, `${COOKIE.lite}=off`, `${COOKIE.language}=yo`),
    fc.string({ maxLength: 12 }).filter((text) => !text.includes(';')),
  );
const separator = fc.constantFrom(';', '; ', ';\t', ' ; ', ';;');

describe('one reading of a Cookie header for the session and the shared page memory', () => {
  it('never lets a request the app reads as signed in, or as holding saved shops, share pages', async () => {
    let personal = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(pair(), separator), { minLength: 1, maxLength: 5 }), fc.boolean(), async (pairs, duplicate) => {
        const parts = pairs.flatMap(([text, sep]) => (duplicate ? [text, sep, text, sep] : [text, sep]));
        const header = parts.join('');
        const { signedIn, savedShops } = await appReads(header);
        if (signedIn || savedShops > 0) {
          personal += 1;
          expect(isAnonymousRequest(header, null), header).toBe(false);
        }
      }),
      fuzzParameters(400),
    );
    // The property says something only if many of the headers carried a session or saved shops the app read.
    expect(personal).toBeGreaterThan(100);
  });

  it('reads a session cookie with a blank before its `=` as the session, and never shares that request', async () => {
    for (const header of [`${COOKIE.session} =${sessionValue}`, `${COOKIE.session}\t=${sessionValue}`, `a=1; \t${COOKIE.session} = ${sessionValue}`]) {
      expect((await appReads(header)).signedIn, header).toBe(true);
      expect(isAnonymousRequest(header, null), header).toBe(false);
    }
  });

  it('shares pages with visitors whose cookies are only a chosen state, Lite mode and language, each once', () => {
    expect(isAnonymousRequest(undefined, undefined)).toBe(true);
    expect(isAnonymousRequest('', null)).toBe(true);
    expect(isAnonymousRequest(`${COOKIE.state}=Lagos; ${COOKIE.lite}=on`, null)).toBe(true);
    expect(isAnonymousRequest(`${COOKIE.state}=Lagos; ${COOKIE.state}=Kano`, null)).toBe(false);
    expect(isAnonymousRequest(`${COOKIE.language}=ha; ${COOKIE.lite}=on`, null)).toBe(true);
    expect(isAnonymousRequest(`${COOKIE.language}=ha; ${COOKIE.language}=yo`, null)).toBe(false);
    expect(isAnonymousRequest('theme=dark', null)).toBe(false);
    expect(isAnonymousRequest(`${COOKIE.state}=Lagos`, 'Bearer x')).toBe(false);
    expect(isAnonymousRequest(null, '')).toBe(false);
  });

  it('reads the chosen state the way the page memory keys it', () => {
    expect(readCookies(`${COOKIE.state}=Abuja%20(FCT)`)[COOKIE.state]).toBe('Abuja (FCT)');
    expect(readCookies(` ${COOKIE.state} = Lagos `)[COOKIE.state]).toBe('Lagos');
  });
});
