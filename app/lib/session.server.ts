import { createContext, createCookieSessionStorage, type MiddlewareFunction, redirect, redirectDocument } from 'react-router';
import { getWebEnv } from './env.server';
import { provider } from './provider/client.server';
import { isProviderError } from './provider/errors';
import { COOKIE } from './request-cookies';
import { mergeSavedAtSignIn } from './saved/merge-at-sign-in.server';
import { signedCookie } from './signed-cookie.server';

export type SessionUser = { id: string; username: string; email: string };

/** `checkoutAt`: when the person left for the payment page (see CHECKOUT_GRACE_MS). */
type SessionData = { user: SessionUser; access: string; refresh: string; lastSeen: number; checkoutAt: number };

/** A signed-in person, as loaders and actions see them; `signedInContext` holds null when nobody is signed in. */
export type SignedIn = { user: SessionUser; access: string };
export const signedInContext = createContext<SignedIn | null>(null);

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

/** The signed, httpOnly, SameSite=Lax cookie that holds the provider's tokens; nothing goes to localStorage. */
export function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: signedCookie(COOKIE.session, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: getWebEnv().webUrl.startsWith('https://'),
      secrets: [getWebEnv().sessionSecret],
    }),
  });
  return storage;
}

const ANY_ORIGIN = 'http://kasuwa.invalid';

/**
 * Where signing in sends someone back to: only a path on this site (no open redirect). The target is
 * read the way a browser reads a Location header, which drops tabs and line breaks and takes a backslash
 * for a slash: `/` + tab + `/evil.com` and `/\evil.com` are seen as the other site they lead to. What we
 * answer is the resolved path, so it must not start with `//` either: dot segments (`/.//evil.com`,
 * `/%2e%2e//evil.com`) resolve to one.
 */
export function safeRedirectTarget(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(target, ANY_ORIGIN);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === ANY_ORIGIN && !path.startsWith('//') ? path : fallback;
}

/** Stores a fresh sign-in and sends the person on; the cookie rides on the redirect, and the shops saved without an account join it. */
export async function startSession(request: Request, session: { user: SessionUser; access: string; refresh?: string }, to: string) {
  const store = sessionStorage();
  const cookie = await store.getSession(request.headers.get('cookie'));
  cookie.set('user', { id: session.user.id, username: session.user.username, email: session.user.email });
  cookie.set('access', session.access);
  cookie.set('refresh', session.refresh ?? '');
  cookie.set('lastSeen', Date.now());
  const headers = new Headers({ 'Set-Cookie': await store.commitSession(cookie) });
  const clearSaved = await mergeSavedAtSignIn(request, session.access);
  if (clearSaved) headers.append('Set-Cookie', clearSaved);
  return redirect(to, { headers });
}

export async function endSessionCookie(request: Request): Promise<string> {
  const store = sessionStorage();
  return store.destroySession(await store.getSession(request.headers.get('cookie')));
}

type StoredSession = Awaited<ReturnType<ReturnType<typeof sessionStorage>['getSession']>>;

/**
 * Ends the login at the provider too, so the tokens in a cookie captured earlier (a shared cyber-café
 * browser, a copied cookie) stop working, not only this browser's copy. The cookie goes whatever the
 * provider answers: signing out must never fail because the provider is down.
 */
async function revokedAndDestroyed(session: StoredSession): Promise<string> {
  const refresh = session.get('refresh');
  if (refresh) await provider.logout(session.get('access') ?? '', refresh).catch(() => {});
  return sessionStorage().destroySession(session);
}

/** Signing out: the provider ends the login, and the cookie is cleared. */
export async function signOutCookie(request: Request): Promise<string> {
  return revokedAndDestroyed(await sessionStorage().getSession(request.headers.get('cookie')));
}

/** The signed-in person, or a redirect to sign in that brings them back here afterwards. */
export function requireSignedIn(request: Request, signedIn: SignedIn | null): SignedIn {
  if (signedIn) return signedIn;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * Runs a signed-in provider call. A 401 from the provider ends the session and sends the browser to
 * /login with a full page load (SPEC §4), so no client state from the old session survives.
 */
export async function asSignedIn<T>(request: Request, signedIn: SignedIn | null, call: (token: string) => Promise<T>): Promise<T> {
  const { access } = requireSignedIn(request, signedIn);
  try {
    return await call(access);
  } catch (error) {
    if (isProviderError(error, 401)) {
      throw redirectDocument('/login', { headers: { 'Set-Cookie': await endSessionCookie(request) } });
    }
    throw error;
  }
}

/**
 * A bank transfer or USSD payment can take longer than the idle limit. Coming back from the checkout to
 * the verification page within this long still finds the person signed in, so they see their result.
 */
export const CHECKOUT_GRACE_MS = 30 * 60_000;
const CHECKOUT_RETURN_PATH = '/verify-transaction';

/** The session cookie for someone leaving for the checkout; it rides on the redirect to the payment page. */
export async function leavingForCheckoutCookie(request: Request): Promise<string> {
  const store = sessionStorage();
  const session = await store.getSession(request.headers.get('cookie'));
  session.set('lastSeen', Date.now());
  session.set('checkoutAt', Date.now());
  return store.commitSession(session);
}

/** Seconds until a JWT's `exp`, read without verifying: the provider verifies, we only decide when to renew. */
function secondsLeft(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp - Date.now() / 1000 : Infinity;
  } catch {
    return Infinity;
  }
}

const RENEW_WHEN_SECONDS_LEFT = 120;

// Requests that are not a person's navigation (images, suggestions, health) never bounce to /login.
const BACKGROUND_PATHS = /^\/(?:media\/|search-suggestions|healthz|readyz|sitemap\.xml|robots\.txt)/;
// Signing out, or an idle tab asking whether it may, is not the person being active.
const NOT_ACTIVITY_PATHS = /^\/logout\/?$/;

const idleLimitMs = () => getWebEnv().sessionIdleMinutes * 60_000;

/** Writing the cookie on every request would cost bytes for nothing: `lastSeen` is rewritten only this often. */
const lastSeenEveryMs = (idleMs: number) => Math.min(idleMs / 10, 30_000);

/**
 * How long the session has left before it counts as idle. The person's last request may have come up to
 * `lastSeenEveryMs` after the `lastSeen` it left in the cookie, so the session ends that much after the limit
 * rather than ever before it.
 */
function idleMsLeft(lastSeen: number | undefined): number {
  const idleMs = idleLimitMs();
  return idleMs + lastSeenEveryMs(idleMs) - (Date.now() - (lastSeen ?? 0));
}

/** What the idle timer of one tab is told: the session's time left, which the person may be using in another tab. */
export async function idleMsLeftOf(request: Request): Promise<number> {
  const session = await sessionStorage().getSession(request.headers.get('cookie'));
  return session.get('user') ? idleMsLeft(session.get('lastSeen')) : 0;
}

/**
 * Reads the session for every request: ends it after SESSION_IDLE_MINUTES without a request (so it works
 * without JavaScript), renews the access token shortly before it expires, and records activity.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const store = sessionStorage();
  const session = await store.getSession(request.headers.get('cookie'));
  const user = session.get('user');
  let signedIn: SignedIn | null = null;
  let changed = false;

  if (user) {
    const { pathname } = new URL(request.url);
    const background = BACKGROUND_PATHS.test(pathname);
    const lastSeen = session.get('lastSeen');
    const backFromCheckout = pathname === CHECKOUT_RETURN_PATH && Date.now() - (session.get('checkoutAt') ?? 0) < CHECKOUT_GRACE_MS;
    if (idleMsLeft(lastSeen) <= 0 && !backFromCheckout) {
      // A photo or suggestion is served as to a visitor but leaves the cookie alone: the person's next
      // navigation ends the session and shows them the Session Expired dialog.
      if (background) return next();
      throw redirectDocument('/login?expired=1', { headers: { 'Set-Cookie': await revokedAndDestroyed(session) } });
    }
    if (!NOT_ACTIVITY_PATHS.test(pathname) && Date.now() - (lastSeen ?? 0) > lastSeenEveryMs(idleLimitMs())) {
      session.set('lastSeen', Date.now());
      changed = true;
    }
    let access = session.get('access') ?? '';
    const refresh = session.get('refresh');
    // Background requests need no token, and a photo answered with a redirect to /login would end the
    // session without the person seeing why: renewal waits for their next navigation.
    if (refresh && !background && secondsLeft(access) < RENEW_WHEN_SECONDS_LEFT) {
      try {
        const renewed = await provider.refresh(refresh);
        access = renewed.access;
        session.set('access', access);
        // The provider rotates refresh tokens: the one just sent stops working (see README, Decisions).
        if (renewed.refresh) session.set('refresh', renewed.refresh);
        changed = true;
      } catch (error) {
        // A refused refresh token means the provider ended the session; anything else, try again next time.
        if (isProviderError(error, 401)) {
          throw redirectDocument('/login', { headers: { 'Set-Cookie': await store.destroySession(session) } });
        }
      }
    }
    signedIn = { user, access };
  }

  context.set(signedInContext, signedIn);
  const response = await next();
  // A sign-in or sign-out sets its own cookie; ours would overwrite it with the old session.
  const setsSession = (response.headers.get('set-cookie') ?? '').includes(`${COOKIE.session}=`);
  if (changed && !setsSession) response.headers.append('Set-Cookie', await store.commitSession(session));
  return response;
};
