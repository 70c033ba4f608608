import { createContext, createCookieSessionStorage, type MiddlewareFunction, type RouterContextProvider, redirect, redirectDocument } from 'react-router';
import type { Language } from '#rules/i18n/languages.ts';
import { getWebEnv } from './env.server';
import { forgetKeptCookie, keepPostedForm, keptCookie, keptFormContext, pagePath, readKept } from './kept-form.server';
import { languageCookie } from './language-cookie.server';
import { provider } from './provider/client.server';
import { isProviderError } from './provider/errors';
import { COOKIE } from './request-cookies';
import { mergeSavedAtSignIn } from './saved/merge-at-sign-in.server';
import { signedCookie } from './signed-cookie.server';

/** `moderator`: as at sign-in, so the menu can offer Moderation; the API still checks every moderation call. */
export type SessionUser = { id: string; username: string; email: string; moderator?: boolean };

type SessionData = { user: SessionUser; access: string; refresh: string; lastSeen: number; checkoutAt: number };

export type SignedIn = { user: SessionUser; access: string };
export const signedInContext = createContext<SignedIn | null>(null);

type SessionChange = { user?: SessionUser; access?: string; refresh?: string };
const sessionChangeContext = createContext<SessionChange | null>(null);

/**
 * The middleware writes the change into the session it holds, so tokens it renewed on this very request
 * are not lost to an older copy of the cookie.
 */
export function changeSession(context: Readonly<RouterContextProvider>, change: SessionChange): void {
  const pending = context.get(sessionChangeContext);
  if (pending) Object.assign(pending, change);
}

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

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

/** No open redirect: resolved as a browser reads Location, so `/\evil.com`, a tab, or dot segments reaching `//` fall back. */
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

/** `language`: the one the account chose, which this browser follows from now on. */
export async function startSession(
  request: Request,
  session: { user: SessionUser & { language?: Language | null }; access: string; refresh?: string },
  to: string,
) {
  const store = sessionStorage();
  const cookie = await store.getSession(request.headers.get('cookie'));
  const { id, username, email, moderator } = session.user;
  cookie.set('user', { id, username, email, ...(moderator && { moderator }) });
  cookie.set('access', session.access);
  cookie.set('refresh', session.refresh ?? '');
  cookie.set('lastSeen', Date.now());
  const headers = new Headers({ 'Set-Cookie': await store.commitSession(cookie) });
  const clearSaved = await mergeSavedAtSignIn(request, session.access);
  if (clearSaved) headers.append('Set-Cookie', clearSaved);
  if (session.user.language) headers.append('Set-Cookie', languageCookie(session.user.language));
  return redirect(to, { headers });
}

export async function endSessionCookie(request: Request): Promise<string> {
  const store = sessionStorage();
  return store.destroySession(await store.getSession(request.headers.get('cookie')));
}

type StoredSession = Awaited<ReturnType<ReturnType<typeof sessionStorage>['getSession']>>;

/** Revoked at the provider too, so a copied cookie dies; the cookie goes even when the provider is down. */
async function revokedAndDestroyed(session: StoredSession): Promise<string> {
  const refresh = session.get('refresh');
  if (refresh) await provider.logout(session.get('access') ?? '', refresh).catch(() => {});
  return sessionStorage().destroySession(session);
}

export async function signOutCookie(request: Request): Promise<string> {
  return revokedAndDestroyed(await sessionStorage().getSession(request.headers.get('cookie')));
}

function isSignInRedirect(response: Response): boolean {
  const location = response.headers.get('location') ?? '';
  return response.status >= 300 && response.status < 400 && location.startsWith('/login?redirectTo=');
}

export function requireSignedIn(request: Request, signedIn: SignedIn | null): SignedIn {
  if (signedIn) return signedIn;
  // A post with JavaScript comes to `/page.data`: the person is sent back to the page itself.
  throw redirect(`/login?redirectTo=${encodeURIComponent(pagePath(new URL(request.url)))}`);
}

/** A 401 ends the session with a full page load to /login (docs/product.md §4), so no client state of it survives. */
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

/** A bank transfer or USSD payment can outlast the idle limit; the person must still see their result. */
export const CHECKOUT_GRACE_MS = 30 * 60_000;
const CHECKOUT_RETURN_PATH = '/verify-transaction';

export async function leavingForCheckoutCookie(request: Request): Promise<string> {
  const store = sessionStorage();
  const session = await store.getSession(request.headers.get('cookie'));
  session.set('lastSeen', Date.now());
  session.set('checkoutAt', Date.now());
  return store.commitSession(session);
}

/** Read without verifying: the provider verifies, we only decide when to renew. */
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
const BACKGROUND_PATHS = /^\/(?:media\/|search-suggestions|healthz|readyz|sitemap\.xml|robots\.txt|messages\/[^/]+\/latest$)/;
// An open thread's check for new messages is not the person using the site: it must not keep them signed in.
const NOT_ACTIVITY_PATHS = /^\/(?:logout\/?|messages\/[^/]+\/latest)$/;

const idleLimitMs = () => getWebEnv().sessionIdleMinutes * 60_000;

const lastSeenEveryMs = (idleMs: number) => Math.min(idleMs / 10, 30_000);

/** `lastSeen` may lag the last request by `lastSeenEveryMs`, so the session ends that much late, never early. */
function idleMsLeft(lastSeen: number | undefined): number {
  const idleMs = idleLimitMs();
  return idleMs + lastSeenEveryMs(idleMs) - (Date.now() - (lastSeen ?? 0));
}

export async function idleMsLeftOf(request: Request): Promise<number> {
  const session = await sessionStorage().getSession(request.headers.get('cookie'));
  return session.get('user') ? idleMsLeft(session.get('lastSeen')) : 0;
}

/** The idle limit is enforced here, so it holds without JavaScript. */
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
      // Served as to a visitor, cookie untouched: the person's next navigation shows the Session Expired dialog.
      if (background) return next();
      const kept = request.method === 'POST' ? await keepPostedForm({ request, context }) : null;
      const headers = new Headers({ 'Set-Cookie': await revokedAndDestroyed(session) });
      if (kept) headers.append('Set-Cookie', keptCookie(kept));
      throw redirectDocument(kept ? `/login?${new URLSearchParams({ expired: '1', redirectTo: kept.path })}` : '/login?expired=1', { headers });
    }
    if (!NOT_ACTIVITY_PATHS.test(pathname) && Date.now() - (lastSeen ?? 0) > lastSeenEveryMs(idleLimitMs())) {
      session.set('lastSeen', Date.now());
      changed = true;
    }
    let access = session.get('access') ?? '';
    const refresh = session.get('refresh');
    // A photo redirected to /login would end the session unseen: renewal waits for a navigation.
    if (refresh && !background && secondsLeft(access) < RENEW_WHEN_SECONDS_LEFT) {
      try {
        const renewed = await provider.refresh(refresh);
        access = renewed.access;
        session.set('access', access);
        // Refresh tokens rotate: the one just sent stops working (docs/decisions/017-sessions.md).
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
  const change: SessionChange = {};
  if (signedIn) context.set(sessionChangeContext, change);
  const kept = signedIn && request.method === 'GET' ? readKept(request.headers.get('cookie')) : null;
  const backOnForm = kept !== null && kept.path === pagePath(new URL(request.url));
  context.set(keptFormContext, backOnForm ? kept : null);
  const response = await next();
  if (backOnForm) response.headers.append('Set-Cookie', forgetKeptCookie());
  // A signed-out post sent to sign in first: its text waits for the person there, as after the idle limit.
  if (!user && request.method === 'POST' && !request.bodyUsed && isSignInRedirect(response)) {
    const keptPost = await keepPostedForm({ request, context });
    if (keptPost) response.headers.append('Set-Cookie', keptCookie(keptPost));
  }
  if (change.user) session.set('user', change.user);
  if (change.access) session.set('access', change.access);
  if (change.refresh) session.set('refresh', change.refresh);
  if (Object.keys(change).length) changed = true;
  // A sign-in or sign-out sets its own cookie; ours would overwrite it with the old session.
  const setsSession = (response.headers.get('set-cookie') ?? '').includes(`${COOKIE.session}=`);
  if (changed && !setsSession) response.headers.append('Set-Cookie', await store.commitSession(session));
  return response;
};
