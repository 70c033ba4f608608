import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareFunction } from 'react-router';
import { compressParts, gzipJoined, type GzipParts } from './gzip-parts.server';
import { boundedMemory, contentVersion, sharesPublicCache } from './public-cache.server';
import { HSTS } from './security-headers.server';

/**
 * Pages that look the same to every anonymous visitor, as documents and as React Router data requests
 * (`/_.data`, `/searchResults.data`). The shop page is not here: each view must count a visit at the
 * provider, and that call is most of the page's cost.
 */
const PUBLIC_PAGES = new Set(['/', '/_.data', '/searchResults', '/searchResults.data']);

type StoredPage = {
  status: number;
  headers: [string, string][];
  /** The body split at this response's CSP nonce, so each visitor gets a fresh one (see below). */
  bodyParts: string[];
  gzipParts: GzipParts;
  nonce: string | null;
};

const pages = boundedMemory<StoredPage>(200);

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

function cacheKey(method: string, url: URL, cookie: string | null | undefined): string | null {
  if (method !== 'GET' || !PUBLIC_PAGES.has(url.pathname) || !sharesPublicCache(cookie)) return null;
  return url.pathname + url.search;
}

function storedFor(request: Request): StoredPage | undefined {
  const key = cacheKey(request.method, new URL(request.url), request.headers.get('cookie'));
  return key === null ? undefined : pages.get(key);
}

/**
 * The remembered page for this request, or null: the middleware below asks for anything that reaches
 * React Router (the development server's requests, say).
 */
export function cachedPublicPage(request: Request): Response | null {
  const stored = storedFor(request);
  if (!stored) return null;
  const { status, headers, body } = replay(stored, request.headers.get('accept-encoding'), request.url.startsWith('https:'));
  return new Response(body, { status, headers });
}

// Any origin will do: only the path and query of a request's target are read.
const ANY_ORIGIN = 'http://kasuwa.invalid';

/**
 * Answers a remembered page straight on Node's own request and response, and says whether it did. The
 * web server (scripts/web-tier/server.ts) asks first, before building the fetch Request that React
 * Router needs: on a page every visitor shares, that conversion and the routing cost several times the
 * replay. The stored headers already hold the security headers.
 */
export function answerFromPublicCache(request: IncomingMessage, response: ServerResponse, https: boolean): boolean {
  if (request.method !== 'GET' || !request.url?.startsWith('/')) return false;
  let url: URL;
  try {
    url = new URL(request.url, ANY_ORIGIN);
  } catch {
    return false;
  }
  const key = cacheKey(request.method, url, request.headers.cookie);
  const stored = key === null ? undefined : pages.get(key);
  if (!stored) return false;
  const { status, headers, body } = replay(stored, request.headers['accept-encoding'], https);
  response.writeHead(status, headers.flat());
  response.end(body);
  return true;
}

/**
 * Serves anonymous visitors' public pages from memory for PUBLIC_CACHE_SECONDS (see
 * public-cache.server.ts for how writes invalidate them and who counts as anonymous), and remembers
 * them. Runs first among the middleware, so a remembered page skips the whole render; the stored
 * headers already hold the security headers. A nonce used in two responses would let a script copied
 * from one page run in the other, so every replay gets its own.
 */
export const publicPageCache: MiddlewareFunction<Response> = async ({ request }, next) => {
  const key = cacheKey(request.method, new URL(request.url), request.headers.get('cookie'));
  if (key === null) return next();
  const remembered = cachedPublicPage(request);
  if (remembered) return remembered;

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
};
