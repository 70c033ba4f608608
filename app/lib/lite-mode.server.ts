import { serialize } from 'cookie';
import { getWebEnv } from './env.server';

/** A visitor's own choice of Lite mode, `on` or `off`: it outranks what their browser asks for. */
export const LITE_COOKIE = 'kasuwa_lite';
const LITE_COOKIE_VALUE = /(?:^|;\s*)kasuwa_lite=(on|off)(?:;|$)/;
const A_YEAR = 365 * 24 * 60 * 60;

/**
 * Whether a page goes out in Lite mode (no script, the smallest photos): the visitor's switch when they
 * used it, else their browser's data saver (`Save-Data: on`).
 */
export function isLite(cookie: string | null | undefined, saveData: string | null | undefined): boolean {
  const chosen = LITE_COOKIE_VALUE.exec(cookie ?? '')?.[1];
  if (chosen) return chosen === 'on';
  return saveData?.trim().toLowerCase() === 'on';
}

export const isLiteRequest = (request: Request) => isLite(request.headers.get('cookie'), request.headers.get('save-data'));

/** The cookie that remembers the switch for a year; `off` is kept too, so it outranks the browser's data saver. */
export function liteCookie(on: boolean): string {
  const secure = getWebEnv().webUrl.startsWith('https://');
  return serialize(LITE_COOKIE, on ? 'on' : 'off', { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: A_YEAR });
}
