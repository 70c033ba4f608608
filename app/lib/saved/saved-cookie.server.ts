import { getWebEnv } from '#app/lib/env.server.ts';
import { COOKIE } from '#app/lib/request-cookies.ts';
import { signedCookie } from '#app/lib/signed-cookie.server.ts';
import { SAVED_SHOPS_COOKIE_MAX } from '#rules/limits.ts';
import { SHOP_ID } from './shop-id';

const A_YEAR = 365 * 24 * 60 * 60;

/** Signed, so nobody slips in a list of their own making. */
let cookie: ReturnType<typeof signedCookie> | undefined;

function savedCookie() {
  cookie ??= signedCookie(COOKIE.saved, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: getWebEnv().webUrl.startsWith('https://'),
    maxAge: A_YEAR,
    secrets: [getWebEnv().sessionSecret],
  });
  return cookie;
}

export async function cookieSavedIds(request: Request): Promise<string[]> {
  const value: unknown = await savedCookie().parse(request.headers.get('cookie'));
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((id): id is string => typeof id === 'string' && SHOP_ID.test(id)))].slice(0, SAVED_SHOPS_COOKIE_MAX);
}

export function savedIdsCookie(ids: string[]): Promise<string> {
  return ids.length ? savedCookie().serialize(ids) : savedCookie().serialize('', { maxAge: 0 });
}
