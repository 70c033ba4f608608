import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RouterContextProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

type Session = typeof import('#app/lib/session.server.ts');
let session: Session;
let ProviderError: typeof import('#app/lib/provider/errors.ts').ProviderError;
let server: Server;
let dataDir: string;
let refreshCalls = 0;
let refreshedWith: unknown;
/** What the provider's refresh endpoint answers; unless a test says otherwise it refuses, as after a password change elsewhere. */
let refreshAnswer: { status: number; body: unknown };
const REFUSED = { status: 401, body: { detail: 'Token is invalid or expired', code: 'token_not_valid' } };
/** The logouts the provider was asked for, and what it answers them (204 unless a test says otherwise). */
let logouts: { authorization: string | undefined; body: unknown }[] = [];
let logoutAnswer: { status: number; body?: unknown };

beforeAll(async () => {
  server = createServer((request, response) => {
    const isLogout = request.url === '/auth/logout/';
    if (!isLogout) refreshCalls += 1;
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const parsed = body ? JSON.parse(body) : undefined;
      if (isLogout) logouts.push({ authorization: request.headers.authorization, body: parsed });
      else refreshedWith = parsed;
      const answer = isLogout ? logoutAnswer : refreshAnswer;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-session-'));
  // The web tier reads its configuration once, on first use: point it at this test's own provider.
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DATA_DIR = dataDir;
  session = await import('#app/lib/session.server.ts');
  ({ ProviderError } = await import('#app/lib/provider/errors.ts'));
});

beforeEach(() => {
  refreshCalls = 0;
  refreshedWith = undefined;
  refreshAnswer = REFUSED;
  logouts = [];
  logoutAnswer = { status: 204 };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const user = { id: '1', username: 'ada', email: 'ada@example.ng' };
const signedIn = { user, access: 'access-token' };

/** What a thrown redirect says, or the thrown value itself when it is not a Response. */
async function thrownBy(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return {
      status: thrown.status,
      location: thrown.headers.get('location'),
      fullPageLoad: thrown.headers.get('x-remix-reload-document') === 'true',
      setCookie: thrown.headers.get('set-cookie') ?? '',
    };
  }
  throw new Error('nothing was thrown');
}

describe('a provider call made as the signed-in person', () => {
  it('passes the access token and returns the answer', async () => {
    const request = new Request('http://localhost/myShop');
    expect(await session.asSignedIn(request, signedIn, async (token) => `called with ${token}`)).toBe('called with access-token');
  });

  it('ends the session on a provider 401 and loads /login as a full page', async () => {
    const request = new Request('http://localhost/myShop');
    const outcome = await thrownBy(() =>
      session.asSignedIn(request, signedIn, async () => {
        throw new ProviderError('http', 'answered 401', 401, { detail: 'Given token not valid for any token type' });
      }),
    );
    expect(outcome).toMatchObject({ status: 302, location: '/login', fullPageLoad: true });
    expect(outcome.setCookie).toMatch(/^__kasuwa=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('lets other provider failures reach the caller', async () => {
    const failure = new ProviderError('http', 'answered 500', 500, {});
    await expect(session.asSignedIn(new Request('http://localhost/myShop'), signedIn, () => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('sends a signed-out visitor to sign in, and back here afterwards', async () => {
    const outcome = await thrownBy(() => session.asSignedIn(new Request('http://localhost/myShop?tab=ads'), null, async () => 'never'));
    expect(outcome).toMatchObject({ status: 302, location: '/login?redirectTo=%2FmyShop%3Ftab%3Dads' });
  });

  it('sends a post made with JavaScript back to its page, not to React Router’s data address', async () => {
    const outcome = await thrownBy(() =>
      session.asSignedIn(new Request('http://localhost/settings.data?index&_routes=x', { method: 'POST' }), null, async () => 'never'),
    );
    expect(outcome).toMatchObject({ status: 302, location: '/login?redirectTo=%2Fsettings' });
  });
});

describe('the session middleware renewing an access token', () => {
  /** A session cookie whose access token expires in 30 seconds, so the next request renews it. */
  async function cookieDueForRenewal() {
    const store = session.sessionStorage();
    const cookie = await store.getSession();
    const exp = Math.floor(Date.now() / 1000) + 30;
    cookie.set('user', user);
    cookie.set('access', `e30.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.x`);
    cookie.set('refresh', 'refresh-token');
    cookie.set('lastSeen', Date.now());
    return (await store.commitSession(cookie)).split(';')[0]!;
  }

  /** Runs the middleware; the page answers with the token a provider call made as the signed-in person would carry. */
  const run = async (url: string) => {
    const request = new Request(url, { headers: { cookie: await cookieDueForRenewal() } });
    const context = new RouterContextProvider();
    const next = async () => new Response(await session.asSignedIn(request, context.get(session.signedInContext), async (token) => token));
    return session.sessionMiddleware({ request, context, params: {}, unstable_pattern: '' } as never, next) as Promise<Response>;
  };

  it('renews a token about to expire: the page is served as the person with the new token, which the cookie keeps', async () => {
    refreshAnswer = { status: 200, body: { access: 'renewed-access-token' } };
    const response = await run('http://localhost/myShop');

    expect(refreshedWith).toEqual({ refresh: 'refresh-token' });
    expect(await response.text()).toBe('renewed-access-token');
    const stored = await session.sessionStorage().getSession(response.headers.get('set-cookie')?.split(';')[0]);
    expect(stored.get('access')).toBe('renewed-access-token');
    expect(stored.get('refresh')).toBe('refresh-token');
    expect(stored.get('user')).toEqual(user);
  });

  it('keeps the new refresh token a rotating provider answers, since the one it sent no longer works', async () => {
    refreshAnswer = { status: 200, body: { access: 'renewed-access-token', refresh: 'rotated-refresh-token' } };
    const response = await run('http://localhost/myShop');

    const stored = await session.sessionStorage().getSession(response.headers.get('set-cookie')?.split(';')[0]);
    expect(stored.get('access')).toBe('renewed-access-token');
    expect(stored.get('refresh')).toBe('rotated-refresh-token');
  });

  it('ends the session and loads /login when the provider refuses the refresh token', async () => {
    const outcome = await thrownBy(() => run('http://localhost/settings'));
    expect(outcome).toMatchObject({ status: 302, location: '/login', fullPageLoad: true });
    expect(outcome.setCookie).toMatch(/^__kasuwa=;/);
    expect(refreshCalls).toBe(1);
  });

  it('leaves photos alone: no renewal, no redirect that would end the session behind the person’s back', async () => {
    const response = await run('http://localhost/media/shops/a/w320.webp');
    expect(response.status).toBe(200);
    expect(refreshCalls).toBe(0);
  });
});

describe('the session middleware after the idle limit', () => {
  async function idleCookie() {
    const store = session.sessionStorage();
    const cookie = await store.getSession();
    cookie.set('user', user);
    cookie.set('access', 'token');
    cookie.set('refresh', 'idle-refresh-token');
    cookie.set('lastSeen', Date.now() - 24 * 60 * 60 * 1000);
    return (await store.commitSession(cookie)).split(';')[0]!;
  }

  const run = async (url: string) => {
    const request = new Request(url, { headers: { cookie: await idleCookie() } });
    const context = new RouterContextProvider();
    const next = async () => new Response(String(context.get(session.signedInContext)?.user.username ?? 'nobody'));
    return session.sessionMiddleware({ request, context, params: {}, unstable_pattern: '' } as never, next) as Promise<Response>;
  };

  it('ends the session, at the provider too, and loads /login with the Session Expired dialog on the next page', async () => {
    const outcome = await thrownBy(() => run('http://localhost/settings'));
    expect(outcome).toMatchObject({ status: 302, location: '/login?expired=1', fullPageLoad: true });
    expect(outcome.setCookie).toMatch(/^__kasuwa=;/);
    expect(logouts).toEqual([{ authorization: 'Bearer token', body: { refresh: 'idle-refresh-token' } }]);
  });

  it('serves a photo as to a visitor without touching the cookie, so the dialog still comes', async () => {
    const response = await run('http://localhost/media/shops/a/w320.webp');
    expect(await response.text()).toBe('nobody');
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('the idle limit (5 minutes) counted from the person’s last request', () => {
  const MINUTE = 60_000;
  let logout: typeof import('#app/routes/auth/logout.ts');

  beforeAll(async () => {
    logout = await import('#app/routes/auth/logout.ts');
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The cookie of someone who signed in just now. */
  async function freshCookie() {
    const store = session.sessionStorage();
    const cookie = await store.getSession();
    cookie.set('user', user);
    cookie.set('access', 'token');
    cookie.set('lastSeen', Date.now());
    return (await store.commitSession(cookie)).split(';')[0]!;
  }

  /**
   * One request `afterMs` from now, through the middleware to `page` as React Router runs it: whether the
   * person was still signed in, what came back, and the cookie the browser holds afterwards.
   */
  async function request(
    cookie: string,
    afterMs: number,
    url = 'http://localhost/settings',
    init: RequestInit = {},
    page = async (_request: Request) => new Response('page'),
  ) {
    vi.setSystemTime(Date.now() + afterMs);
    const request = new Request(url, { ...init, headers: { cookie } });
    const context = new RouterContextProvider();
    const next = async () => (context.get(session.signedInContext) ? page(request) : new Response('signed out'));
    try {
      const response = (await session.sessionMiddleware({ request, context, params: {}, unstable_pattern: '' } as never, next)) as Response;
      const setCookie = response.headers.get('set-cookie');
      return { signedIn: (await response.clone().text()) !== 'signed out', response, cookie: setCookie ? setCookie.split(';')[0]! : cookie };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { signedIn: false, response: thrown, cookie: '' };
    }
  }

  it('a request too soon after the last recorded one to be written down still counts: no sign-out before the limit since it', async () => {
    let cookie = await freshCookie();
    const soon = await request(cookie, 29_000);
    expect(soon.signedIn).toBe(true);
    // Not rewritten: the cookie stays as it was, which is what makes the allowance below necessary.
    expect(soon.response.headers.get('set-cookie')).toBeNull();
    cookie = soon.cookie;

    expect((await request(cookie, 5 * MINUTE - 1)).signedIn).toBe(true);
  });

  it('ends the session at most a write interval (30 s) after the limit, with the Session Expired dialog', async () => {
    const cookie = await freshCookie();
    expect((await request(cookie, 5 * MINUTE + 29_000)).signedIn).toBe(true);

    const late = await request(await freshCookie(), 5 * MINUTE + 30_001);
    expect(late.signedIn).toBe(false);
    expect(late.response.headers.get('location')).toBe('/login?expired=1');
  });

  it('requests spread out more than the write interval keep the session going for as long as they come', async () => {
    let cookie = await freshCookie();
    for (let minute = 0; minute < 20; minute += 1) {
      const step = await request(cookie, 4 * MINUTE);
      expect(step.signedIn, `after ${(minute + 1) * 4} minutes`).toBe(true);
      cookie = step.cookie;
    }
  });

  describe('an idle tab asking to sign out', () => {
    const askToSignOut = (cookie: string, afterMs: number) =>
      request(cookie, afterMs, 'http://localhost/logout', { method: 'POST', body: new URLSearchParams({ intent: 'idle' }) }, (posted) =>
        logout.action({ request: posted, context: new RouterContextProvider(), params: {} } as never),
      );

    it('is told how long the session has left while the person is active in another tab, and the session goes on', async () => {
      let cookie = await freshCookie();
      const elsewhere = await request(cookie, 4 * MINUTE);
      cookie = elsewhere.cookie;

      const asked = await askToSignOut(cookie, MINUTE);
      expect(asked.response.status).toBe(200);
      expect(await asked.response.json()).toEqual({ msLeft: 5 * MINUTE + 30_000 - MINUTE });
      // Asking is not activity: the cookie is not rewritten.
      expect(asked.response.headers.get('set-cookie')).toBeNull();
    });

    it('ends the session once nobody has used it for the limit', async () => {
      const asked = await askToSignOut(await freshCookie(), 5 * MINUTE + 30_000);
      expect(asked.response.status).toBe(302);
      expect(asked.response.headers.get('location')).toBe('/login?expired=1');
      expect(asked.response.headers.get('set-cookie')).toMatch(/^__kasuwa=;/);
    });

    it('is not counted as activity: asking again and again does not keep an idle session alive', async () => {
      let cookie = await freshCookie();
      for (let minute = 1; minute <= 5; minute += 1) {
        const asked = await askToSignOut(cookie, MINUTE);
        expect(asked.response.status, `after ${minute} minutes`).toBe(200);
        cookie = asked.cookie;
      }
      const last = await askToSignOut(cookie, 30_000);
      expect(last.response.headers.get('location')).toBe('/login?expired=1');
    });
  });
});

describe('signing out', () => {
  let logout: typeof import('#app/routes/auth/logout.ts');

  beforeAll(async () => {
    logout = await import('#app/routes/auth/logout.ts');
  });

  async function signedInCookie() {
    const store = session.sessionStorage();
    const cookie = await store.getSession();
    cookie.set('user', user);
    cookie.set('access', 'access-token');
    cookie.set('refresh', 'refresh-token');
    cookie.set('lastSeen', Date.now());
    return (await store.commitSession(cookie)).split(';')[0]!;
  }

  const signOut = async () => {
    const request = new Request('http://localhost/logout', { method: 'POST', headers: { cookie: await signedInCookie() }, body: new URLSearchParams() });
    return (await logout.action({ request, context: new RouterContextProvider(), params: {} } as never)) as Response;
  };

  it('ends the login at the provider with its refresh token, then clears the cookie', async () => {
    const response = await signOut();
    expect(logouts).toEqual([{ authorization: 'Bearer access-token', body: { refresh: 'refresh-token' } }]);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('set-cookie')).toMatch(/^__kasuwa=;/);
  });

  it.each([
    ['refuses it', { status: 500, body: { detail: 'An unexpected error occurred.' } }],
    ['does not know the call', { status: 404, body: { detail: 'Not found.' } }],
  ])('still clears the cookie when the provider %s', async (_, answer) => {
    logoutAnswer = answer;
    const response = await signOut();
    expect(logouts).toHaveLength(1);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('set-cookie')).toMatch(/^__kasuwa=;/);
  });
});
