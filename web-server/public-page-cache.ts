import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { boundedMemory, sharesPublicCache } from '#app/lib/public-cache.server.ts';
import { COOKIE, isLite, readCookies } from '#app/lib/request-cookies.ts';
import { contentVersion } from './content-changes';
import { compressParts, type GzipParts, gzipJoined } from './gzip-parts';
import { HSTS } from './security-headers';
import { countSharedView, shopPagesShareable } from './visit-counts';

/**
 * Pages that look the same to every anonymous visitor, as documents and as React Router data requests
 * (`/_.data`, `/searchResults.data`), and shop pages (`/shop/{id}`, `/shop/{id}.data`). A shop page's
 * view must count a visit: one served from here is counted by visit-counts.ts, and shop pages
 * are shared only once the provider has said it takes visits that way.
 */
const LIST_PAGES = new Set(['/', '/_.data', '/searchResults', '/searchResults.data']);
const SHOP_PAGE = /^\/shop\/([^/]+?)(?:\.data)?$/;

/** The shop a shop page shows, when it is one (its id as the page's URL spells it, decoded). */
function shopIdOf(pathname: string): string | null {
  const encoded = SHOP_PAGE.exec(pathname)?.[1];
  if (!encoded) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

type StoredPage = {
  status: number;
  headers: [string, string][];
  /** The body split at this response's CSP nonce, so each visitor gets a fresh one (see below). */
  bodyParts: string[];
  gzipParts: GzipParts;
  nonce: string | null;
};

// About 50 KB a page (text and gzip): a few hundred of the most visited shop pages and searches.
const pages = boundedMemory<StoredPage>(500, contentVersion);

export const CACHE_HEADER = 'X-Kasuwa-Cache';

/** Headers each replay sets for itself: the length differs with the encoding, HSTS with how the visitor came. */
const SET_BY_REPLAY = new Set(['content-length', 'strict-transport-security', CACHE_HEADER.toLowerCase()]);

function nonceOf(headers: Headers): string | null {
  return /'nonce-([^']+)'/.exec(headers.get('Content-Security-Policy') ?? '')?.[1] ?? null;
}

function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  return /\bgzip\b(?!;\s*q=0(?:\.0*)?(?:,|$))/.test(acceptEncoding ?? '');
}

type Replay = { status: number; headers: [string, string][]; body: Uint8Array<ArrayBuffer> | string };

/**
 * The stored page with a new nonce in the policy and in every tag that carried the old one. Gzip is
 * joined from parts compressed when the page was stored, so a replay does not compress the page again
 * (the web server's compression leaves a body that is already encoded alone).
 */
function replay(page: StoredPage, acceptEncoding: string | null | undefined, https: boolean): Replay {
  const nonce = page.nonce ? randomBytes(16).toString('base64') : '';
  const headers = page.headers.map(([name, value]): [string, string] =>
    page.nonce && name === 'content-security-policy' ? [name, value.replace(page.nonce, nonce)] : [name, value],
  );
  headers.push([CACHE_HEADER, 'hit'], ['vary', 'Accept-Encoding']);
  if (https) headers.push(['strict-transport-security', HSTS]);
  if (!acceptsGzip(acceptEncoding)) {
    const body = page.bodyParts.join(nonce);
    headers.push(['content-length', String(Buffer.byteLength(body))]);
    return { status: page.status, headers, body };
  }
  const body = gzipJoined(page.gzipParts, nonce);
  headers.push(['content-encoding', 'gzip'], ['content-length', String(body.length)]);
  return { status: page.status, headers, body };
}

const responseOf = ({ status, headers, body }: Replay) => new Response(body, { status, headers });

function isSharedPage(pathname: string): boolean {
  if (LIST_PAGES.has(pathname)) return true;
  return shopIdOf(pathname) !== null && shopPagesShareable();
}

type RequestHeaders = { cookie: string | null | undefined; authorization: string | null | undefined; saveData: string | null | undefined };

function cacheKey(method: string, url: URL, { cookie, authorization, saveData }: RequestHeaders): string | null {
  if (method !== 'GET' || !isSharedPage(url.pathname) || !sharesPublicCache(cookie, authorization)) return null;
  // A list shows the shops of the state its visitor chose (a cookie): one copy per state; Lite mode's pages have no script.
  const page = LIST_PAGES.has(url.pathname) ? `${url.pathname}${url.search} ${readCookies(cookie)[COOKIE.state] ?? ''}` : url.pathname + url.search;
  return isLite(cookie, saveData) ? `${page} lite` : page;
}

/** The stored page for `key`; a shop page served from it counts as a view by the visitor at `address` with browser `agent`. */
function storedFor(key: string | null, pathname: string, address: string, agent: string): StoredPage | undefined {
  const stored = key === null ? undefined : pages.get(key);
  const shopId = stored && shopIdOf(pathname);
  if (shopId) countSharedView(shopId, address, agent);
  return stored;
}

// Any origin will do: only the path and query of a request's target are read.
const ANY_ORIGIN = 'http://kasuwa.invalid';

/**
 * Answers a remembered page straight on Node's own request and response, and says whether it did. The
 * web server (server.ts) asks first, before building the fetch Request that React
 * Router needs: on a page every visitor shares, that conversion and the routing cost several times the
 * replay. The stored headers already hold the security headers.
 */
export function answerFromPublicCache(request: IncomingMessage, response: ServerResponse, https: boolean, visitorAddress: string): boolean {
  if (request.method !== 'GET' || !request.url?.startsWith('/')) return false;
  let url: URL;
  try {
    url = new URL(request.url, ANY_ORIGIN);
  } catch {
    return false;
  }
  const stored = storedFor(
    cacheKey(request.method, url, {
      cookie: request.headers.cookie,
      authorization: request.headers.authorization,
      saveData: String(request.headers['save-data'] ?? ''),
    }),
    url.pathname,
    visitorAddress,
    request.headers['user-agent'] ?? '',
  );
  if (!stored) return false;
  const { status, headers, body } = replay(stored, request.headers['accept-encoding'], https);
  response.writeHead(status, headers.flat());
  response.end(body);
  return true;
}

/**
 * Serves anonymous visitors' public pages from memory for PUBLIC_CACHE_SECONDS (content-changes.ts
 * empties it after writes; app/lib/public-cache.server.ts says who counts as anonymous), and remembers
 * them. `next` is React Router with the security headers set, so the stored headers hold them. A
 * nonce used in two responses would let a script copied from one page run in the other, so every
 * replay gets its own.
 */
export async function publicPageCache(request: Request, next: () => Promise<Response>): Promise<Response> {
  const url = new URL(request.url);
  const key = cacheKey(request.method, url, {
    cookie: request.headers.get('cookie'),
    authorization: request.headers.get('authorization'),
    saveData: request.headers.get('save-data'),
  });
  if (key === null) return next();
  // The web server put the address it vouches for in X-Forwarded-For (fetch-listener.ts).
  const stored = storedFor(key, url.pathname, request.headers.get('x-forwarded-for') ?? '', request.headers.get('user-agent') ?? '');
  if (stored) return responseOf(replay(stored, request.headers.get('accept-encoding'), url.protocol === 'https:'));

  const readUnder = contentVersion();
  const response = await next();
  if (response.status !== 200 || response.headers.has('Set-Cookie') || response.headers.has('Content-Encoding') || !response.body) {
    return response;
  }
  const body = await response.text();
  const nonce = nonceOf(response.headers);
  const bodyParts = nonce ? body.split(nonce) : [body];
  response.headers.set(CACHE_HEADER, 'miss');
  const headers = [...response.headers].filter(([name]) => !SET_BY_REPLAY.has(name));
  pages.set(key, { status: response.status, headers, bodyParts, gzipParts: compressParts(bodyParts), nonce }, readUnder);
  return new Response(body, { status: response.status, headers: response.headers });
}
