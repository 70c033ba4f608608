import { parse } from 'cookie';

/** Every cookie the site sets. The web server imports this module too, so it must stay free of app code. */
export const COOKIE = {
  session: '__kasuwa',
  saved: 'kasuwa_saved',
  state: 'kasuwa_state',
  lite: 'kasuwa_lite',
} as const;

/**
 * The one reading of a Cookie header, for the session, the saved shops, the chosen state, Lite mode and
 * the shared page memory alike: the `cookie` package's, first value of a name wins. Node joins several
 * Cookie headers with `; `, and the web server hands the app that same joined string.
 */
export function readCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parse(header) : {};
}

/** Cookies every anonymous visitor may carry without their pages becoming their own. */
const PUBLIC_COOKIE_PAIR = new RegExp(`^[ \\t]*(${COOKIE.state}|${COOKIE.lite})[ \\t]*=`);

/**
 * Whether a request is anonymous enough to be answered from, or stored into, memory shared between
 * visitors (docs/decisions/045-shared-pages-anonymous-only.md): no Authorization, and no cookie but the
 * public ones, each at most once. Anything else might carry a session, however it is spelled.
 */
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

/**
 * Whether a page goes out in Lite mode (no script, the smallest photos): the visitor's switch when they
 * used it (`on` or `off`), else their browser's data saver (`Save-Data: on`).
 */
export function isLite(cookieHeader: string | null | undefined, saveData: string | null | undefined): boolean {
  const chosen = readCookies(cookieHeader)[COOKIE.lite];
  if (chosen === 'on' || chosen === 'off') return chosen === 'on';
  return saveData?.trim().toLowerCase() === 'on';
}
