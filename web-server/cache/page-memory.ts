import { randomBytes } from 'node:crypto';
import { COOKIE, isAnonymousRequest, isLite, readCookies } from '#app/lib/host.server.ts';
import { boundedMemory } from './bounded-memory';
import { compressParts, type GzipParts, gzipJoined } from './gzip-parts';
import type { VisitCounter } from './visit-counts';

/**
 * Pages that look the same to every anonymous visitor, as documents and as React Router data requests
 * (`/_.data`, `/searchResults.data`), and shop pages (`/shop/{id}`, `/shop/{id}.data`), whose views a
 * visit counter reports, shared only once the provider has said it takes visits that way.
 */
const LIST_PAGES = new Set(['/', '/_.data', '/searchResults', '/searchResults.data']);
const SHOP_PAGE = /^\/shop\/([^/]+?)(?:\.data)?$/;
// About 50 KB a page (text and gzip): a few hundred of the most visited shop pages and searches.
const CAPACITY = 500;

const CACHE_HEADER = 'X-Kasuwa-Cache';
/** Headers each replay sets for itself: the length differs with the encoding. */
const SET_BY_REPLAY = new Set(['content-length', CACHE_HEADER.toLowerCase()]);

/** What decides whether and how a request may be answered from memory: its method, its address and these headers. */
export type RequestFacts = {
  method: string;
  url: URL;
  cookie: string | null | undefined;
  authorization: string | null | undefined;
  saveData: string | null | undefined;
  acceptEncoding: string | null | undefined;
  /** The visitor's address, as the web server vouches for it, and browser: for a shop page's visit. */
  address: string;
  agent: string;
};

export type Replay = { status: number; headers: [string, string][]; body: Uint8Array<ArrayBuffer> | string };

type StoredPage = {
  status: number;
  headers: [string, string][];
  /** The body split at this response's CSP nonce, so each visitor gets a fresh one. */
  bodyParts: string[];
  gzipParts: GzipParts;
  nonce: string | null;
};

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

const nonceOf = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('Content-Security-Policy') ?? '')?.[1] ?? null;
const acceptsGzip = (acceptEncoding: string | null | undefined) => /\bgzip\b(?!;\s*q=0(?:\.0*)?(?:,|$))/.test(acceptEncoding ?? '');

/**
 * The stored page with a new nonce in the policy and in every tag that carried the old one: a nonce
 * used in two responses would let a script copied from one page run in the other. Gzip is joined from
 * parts compressed when the page was stored, so a replay does not compress the page again.
 */
function replay(page: StoredPage, acceptEncoding: string | null | undefined): Replay {
  const nonce = page.nonce ? randomBytes(16).toString('base64') : '';
  const headers = page.headers.map(([name, value]): [string, string] =>
    page.nonce && name === 'content-security-policy' ? [name, value.replace(page.nonce, nonce)] : [name, value],
  );
  headers.push([CACHE_HEADER, 'hit'], ['vary', 'Accept-Encoding']);
  if (!acceptsGzip(acceptEncoding)) {
    const body = page.bodyParts.join(nonce);
    headers.push(['content-length', String(Buffer.byteLength(body))]);
    return { status: page.status, headers, body };
  }
  const body = gzipJoined(page.gzipParts, nonce);
  headers.push(['content-encoding', 'gzip'], ['content-length', String(body.length)]);
  return { status: page.status, headers, body };
}

/**
 * Whole pages anonymous visitors share for `ttlMs`, one copy per chosen state and Lite mode. Only a
 * request the app's own cookie reader finds anonymous is answered from it or stored into it
 * (docs/decisions/045-shared-pages-anonymous-only.md).
 */
export function pageMemory(ttlMs: number, version: () => number, visits: VisitCounter) {
  const pages = boundedMemory<StoredPage>(CAPACITY, ttlMs, version);

  const isSharedPage = (pathname: string) => LIST_PAGES.has(pathname) || (shopIdOf(pathname) !== null && visits.shopPagesShareable());

  function keyOf({ method, url, cookie, authorization, saveData }: RequestFacts): string | null {
    if (ttlMs === 0 || method !== 'GET' || !isSharedPage(url.pathname) || !isAnonymousRequest(cookie, authorization)) return null;
    const state = readCookies(cookie)[COOKIE.state] ?? '';
    const page = LIST_PAGES.has(url.pathname) ? `${url.pathname}${url.search} ${state}` : url.pathname + url.search;
    return isLite(cookie, saveData) ? `${page} lite` : page;
  }

  return {
    keyOf,
    /** The remembered page for this request, if any; a shop page served from it counts its visitor's view. */
    replay(facts: RequestFacts): Replay | undefined {
      const key = keyOf(facts);
      const stored = key === null ? undefined : pages.get(key);
      if (!stored) return undefined;
      const shopId = shopIdOf(facts.url.pathname);
      if (shopId) visits.count(shopId, facts.address, facts.agent);
      return replay(stored, facts.acceptEncoding);
    },
    /** Keeps an app's 200 answer to `key`, read under content version `readUnder`, and gives it back whole. */
    async remember(key: string, response: Response, readUnder: number): Promise<Response> {
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
    },
  };
}
