import { randomBytes } from 'node:crypto';
import type { MiddlewareFunction } from 'react-router';
import { compressParts, gzipJoined, type GzipParts } from './gzip-parts.server';
import { boundedMemory, contentVersion, sharesPublicCache } from './public-cache.server';

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

function nonceOf(headers: Headers): string | null {
  return /'nonce-([^']+)'/.exec(headers.get('Content-Security-Policy') ?? '')?.[1] ?? null;
}

function acceptsGzip(request: Request): boolean {
  return /\bgzip\b(?!;\s*q=0(?:\.0*)?(?:,|$))/.test(request.headers.get('accept-encoding') ?? '');
}

/**
 * The stored page with a new nonce in the policy and in every tag that carried the old one. Gzip is
 * joined from parts compressed when the page was stored, so a replay does not compress the page again
 * (the web server's compression leaves a body that is already encoded alone).
 */
function replay(page: StoredPage, request: Request): Response {
  const headers = new Headers(page.headers);
  const nonce = page.nonce ? randomBytes(16).toString('base64') : '';
  if (page.nonce) headers.set('Content-Security-Policy', headers.get('Content-Security-Policy')!.replace(page.nonce, nonce));
  headers.set(CACHE_HEADER, 'hit');
  headers.append('Vary', 'Accept-Encoding');
  if (!acceptsGzip(request)) return new Response(page.bodyParts.join(nonce), { status: page.status, headers });
  const body = gzipJoined(page.gzipParts, nonce);
  headers.set('Content-Encoding', 'gzip');
  headers.set('Content-Length', String(body.length));
  return new Response(body, { status: page.status, headers });
}

function cacheKey(request: Request): string | null {
  const url = new URL(request.url);
  if (request.method !== 'GET' || !PUBLIC_PAGES.has(url.pathname) || !sharesPublicCache(request)) return null;
  return url.pathname + url.search;
}

/**
 * The remembered page for this request, or null. The web server (scripts/web-tier/server.ts) asks
 * before handing the request to React Router, whose routing and middleware cost more than the replay;
 * the middleware below asks again for anything that reaches it some other way.
 */
export function cachedPublicPage(request: Request): Response | null {
  const key = cacheKey(request);
  const stored = key === null ? undefined : pages.get(key);
  return stored ? replay(stored, request) : null;
}

/**
 * Serves anonymous visitors' public pages from memory for PUBLIC_CACHE_SECONDS (see
 * public-cache.server.ts for how writes invalidate them and who counts as anonymous), and remembers
 * them. Runs first among the middleware, so a remembered page skips the whole render; the stored
 * headers already hold the security headers. A nonce used in two responses would let a script copied
 * from one page run in the other, so every replay gets its own.
 */
export const publicPageCache: MiddlewareFunction<Response> = async ({ request }, next) => {
  const key = cacheKey(request);
  if (key === null) return next();
  const stored = pages.get(key);
  if (stored) return replay(stored, request);

  const readUnder = contentVersion();
  const response = await next();
  if (response.status !== 200 || response.headers.has('Set-Cookie') || response.headers.has('Content-Encoding') || !response.body) {
    return response;
  }
  const body = await response.text();
  const nonce = nonceOf(response.headers);
  const bodyParts = nonce ? body.split(nonce) : [body];
  response.headers.set(CACHE_HEADER, 'miss');
  pages.set(key, { status: response.status, headers: [...response.headers], bodyParts, gzipParts: compressParts(bodyParts), nonce }, readUnder);
  return new Response(body, { status: response.status, headers: response.headers });
};
