import { COOKIE, isAnonymousRequest, isLite, languageOf, newNonce, readCookies } from '#app/lib/host.server.ts';
import { boundedMemory } from './bounded-memory';
import { compressParts, type GzipParts, gzipJoined } from './gzip-parts';
import type { VisitCounter } from './visit-counts';

// Shop pages are shared only once the provider has said it takes their visits in bulk.
const LIST_PAGES = new Set(['/', '/_.data', '/searchResults', '/searchResults.data']);
const SHOP_PAGE = /^\/shop\/([^/]+?)(?:\.data)?$/;
// A product's page counts no visit, so it is shared whatever the provider says of visits.
const PRODUCT_PAGE = /^\/product\/[^/]+?(?:\.data)?$/;
const CAPACITY = 500;

const CACHE_HEADER = 'X-Kasuwa-Cache';
// A page is compressed around where its replays' nonces go, each as long as this one.
const REPLAY_NONCE_BYTES = Buffer.byteLength(newNonce());
const SET_BY_REPLAY = new Set(['content-length', CACHE_HEADER.toLowerCase()]);

export type RequestFacts = {
  method: string;
  url: URL;
  cookie: string | null | undefined;
  authorization: string | null | undefined;
  saveData: string | null | undefined;
  acceptLanguage: string | null | undefined;
  acceptEncoding: string | null | undefined;
  address: string;
  agent: string;
};

export type Replay = { status: number; headers: [string, string][]; body: Uint8Array<ArrayBuffer> | string };

type StoredPage = {
  status: number;
  headers: [string, string][];
  bodyParts: string[];
  gzipParts: GzipParts;
  nonce: string | null;
};

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

// A fresh nonce per replay: one used in two responses would let a script copied from one page run in the other.
function replay(page: StoredPage, acceptEncoding: string | null | undefined): Replay {
  const nonce = page.nonce ? newNonce() : '';
  const headers = page.headers.map(([name, value]): [string, string] =>
    page.nonce && name === 'content-security-policy' ? [name, value.replaceAll(page.nonce, nonce)] : [name, value],
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

/** Only a request the app's own cookie reader finds anonymous is shared (docs/decisions/045-shared-pages-anonymous-only.md). */
export function pageMemory(ttlMs: number, version: () => number, visits: VisitCounter) {
  const pages = boundedMemory<StoredPage>(CAPACITY, ttlMs, version);

  const isSharedPage = (pathname: string) =>
    LIST_PAGES.has(pathname) || PRODUCT_PAGE.test(pathname) || (shopIdOf(pathname) !== null && visits.shopPagesShareable());

  function keyOf({ method, url, cookie, authorization, saveData, acceptLanguage }: RequestFacts): string | null {
    if (ttlMs === 0 || method !== 'GET' || !isSharedPage(url.pathname) || !isAnonymousRequest(cookie, authorization)) return null;
    const state = readCookies(cookie)[COOKIE.state] ?? '';
    const page = LIST_PAGES.has(url.pathname) ? `${url.pathname}${url.search} ${state}` : url.pathname + url.search;
    // One copy per language: a page never reaches a visitor in another's.
    const language = languageOf({ search: url.search, cookie, acceptLanguage });
    return `${page} ${language}${isLite(cookie, saveData) ? ' lite' : ''}`;
  }

  return {
    keyOf,
    replay(facts: RequestFacts): Replay | undefined {
      const key = keyOf(facts);
      const stored = key === null ? undefined : pages.get(key);
      if (!stored) return undefined;
      const shopId = shopIdOf(facts.url.pathname);
      if (shopId) visits.count(shopId, facts.address, facts.agent);
      return replay(stored, facts.acceptEncoding);
    },
    async remember(key: string, response: Response, readUnder: number): Promise<Response> {
      if (response.status !== 200 || response.headers.has('Set-Cookie') || response.headers.has('Content-Encoding') || !response.body) {
        return response;
      }
      const body = await response.text();
      const nonce = nonceOf(response.headers);
      const bodyParts = nonce ? body.split(nonce) : [body];
      response.headers.set(CACHE_HEADER, 'miss');
      const headers = [...response.headers].filter(([name]) => !SET_BY_REPLAY.has(name));
      pages.set(key, { status: response.status, headers, bodyParts, gzipParts: compressParts(bodyParts, REPLAY_NONCE_BYTES), nonce }, readUnder);
      return new Response(body, { status: response.status, headers: response.headers });
    },
  };
}
