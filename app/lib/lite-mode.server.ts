import { serialize } from 'cookie';
import { getWebEnv } from './env.server';
import { COOKIE, isLite } from './request-cookies';

const A_YEAR = 365 * 24 * 60 * 60;

export const isLiteRequest = (request: Request) => isLite(request.headers.get('cookie'), request.headers.get('save-data'));

/** `off` is kept too, so it outranks the browser's data saver. */
export function liteCookie(on: boolean): string {
  const secure = getWebEnv().webUrl.startsWith('https://');
  return serialize(COOKIE.lite, on ? 'on' : 'off', { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: A_YEAR });
}
