import { serialize } from 'cookie';
import { getWebEnv } from './env.server';
import { COOKIE, isLite } from './request-cookies';

const A_YEAR = 365 * 24 * 60 * 60;

export const isLiteRequest = (request: Request) => isLite(request.headers.get('cookie'), request.headers.get('save-data'));

/** A visitor's choice kept a year in this browser: Lite mode, the language. */
export function preferenceCookie(name: string, value: string): string {
  const secure = getWebEnv().webUrl.startsWith('https://');
  return serialize(name, value, { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: A_YEAR });
}

/** `off` is kept too, so it outranks the browser's data saver. */
export const liteCookie = (on: boolean): string => preferenceCookie(COOKIE.lite, on ? 'on' : 'off');
