import { parse } from 'cookie';

/** The web server imports this module too: keep it free of app code. */
export const COOKIE = {
  session: '__kasuwa',
  saved: 'kasuwa_saved',
  state: 'kasuwa_state',
  lite: 'kasuwa_lite',
  language: 'kasuwa_lang',
} as const;

/** The one reading of a Cookie header for every tier and cache (docs/decisions/045-shared-pages-anonymous-only.md). */
export function readCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parse(header) : {};
}

const PUBLIC_COOKIE_PAIR = new RegExp(`^[ \\t]*(${COOKIE.state}|${COOKIE.lite}|${COOKIE.language})[ \\t]*=`);

/** Any cookie but the public ones, or one twice, might carry a session however it is spelled. */
export function isAnonymousRequest(cookieHeader: string | null | undefined, authorization: string | null | undefined): boolean {
  if (authorization !== null && authorization !== undefined) return false;
  if (!cookieHeader) return true;
  const seen = new Set<string>();
  for (const pair of cookieHeader.split(';')) {
    if (/^[ \t]*$/.test(pair)) continue;
    const name = PUBLIC_COOKIE_PAIR.exec(pair)?.[1];
    if (name === undefined || seen.has(name)) return false;
    seen.add(name);
  }
  return true;
}

export function isLite(cookieHeader: string | null | undefined, saveData: string | null | undefined): boolean {
  const chosen = readCookies(cookieHeader)[COOKIE.lite];
  if (chosen === 'on' || chosen === 'off') return chosen === 'on';
  return saveData?.trim().toLowerCase() === 'on';
}
