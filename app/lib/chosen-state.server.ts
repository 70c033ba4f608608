import { serialize } from 'cookie';
import { isNigerianState, type NigerianState } from '#rules/states.ts';
import { getWebEnv } from './env.server';
import { COOKIE, readCookies } from './request-cookies';

const A_YEAR = 365 * 24 * 60 * 60;

const known = (value: string | undefined): NigerianState | null => (value !== undefined && isNigerianState(value) ? value : null);

const rememberedState = (cookieHeader: string | null | undefined) => known(readCookies(cookieHeader)[COOKIE.state]);

/** `?state=` wins and is remembered (empty: all of Nigeria); an unknown state is ignored, as a hand-edited URL should be. */
export function chosenState(request: Request, url: URL): { state: NigerianState | null; setCookie: string | null } {
  const remembered = rememberedState(request.headers.get('cookie'));
  const asked = url.searchParams.get('state');
  if (asked === null) return { state: remembered, setCookie: null };
  const state = asked === '' ? null : known(asked);
  if (asked !== '' && state === null) return { state: remembered, setCookie: null };
  if (state === remembered) return { state, setCookie: null };
  const secure = getWebEnv().webUrl.startsWith('https://');
  const options = { path: '/', sameSite: 'lax', httpOnly: true, secure } as const;
  const setCookie = state ? serialize(COOKIE.state, state, { ...options, maxAge: A_YEAR }) : serialize(COOKIE.state, '', { ...options, maxAge: 0 });
  return { state, setCookie };
}

/** A page that changes the state cookie is this visitor's alone. */
export function listPageHeaders(loaderHeaders: Headers, shared: Record<string, string>): Headers | Record<string, string> {
  const setCookie = loaderHeaders.get('Set-Cookie');
  if (setCookie) return { 'Set-Cookie': setCookie, 'Cache-Control': 'private, no-cache' };
  return loaderHeaders.has('Cache-Control') ? loaderHeaders : shared;
}
