import { getWebEnv } from '#app/lib/env.server.ts';
import { siteMemoryContext } from '#app/lib/host.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { type SitemapEntry, sitemapXml } from '#app/lib/sitemap.ts';
import { PAGE_SIZE_MAX } from '#rules/limits.ts';
import type { Route } from './+types/sitemap';

/** The sitemap protocol's limit for one file; past it we would need a sitemap index. */
const MAX_URLS = 50_000;
// Search result pages are left out (endless query combinations), so only the home page, the shops and their products are listed.
const PAGES: SitemapEntry[] = [{ path: '/' }];
const MAX_AGE_SECONDS = 3600;
/** Products take one provider call a shop: the shops past this many keep only their own page listed. */
const PRODUCT_SHOPS_MAX = 500;
const PRODUCT_CALLS_AT_ONCE = 4;
/** How soon a shop deleted or hidden by a moderator leaves the sitemap. */
const FRESH_AFTER_CHANGE_MS = 60_000;

// Listing every shop takes many provider calls, so one build serves every request while the response may
// be cached anyway; a change to public content rebuilds it, at most once a minute.
let cached: { xml: string; expires: number; builtAt: number; version: number } | undefined;
let building: Promise<string> | undefined;

/** Keyed by shop id, in the list's order. */
async function shopEntries(): Promise<Map<string, SitemapEntry>> {
  const cap = MAX_URLS - PAGES.length;
  const shops = new Map<string, SitemapEntry>();
  let page: number | null = 1;
  while (page !== null && shops.size < cap) {
    const list = await provider.listShops({ page, pageSize: PAGE_SIZE_MAX });
    // Sponsored shops come on page 1 only and may also be among the others: the map keeps each shop once.
    for (const shop of [...list.sponsored_shops, ...list.for_you]) {
      if (shops.size >= cap) break;
      shops.set(shop.id, { path: `/shop/${encodeURIComponent(shop.id)}`, lastmod: shop.created_at });
    }
    page = list.next_page !== null && list.next_page > page ? list.next_page : null;
  }
  return shops;
}

async function productEntries(shopIds: string[], cap: number): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  const waiting = shopIds.slice(0, PRODUCT_SHOPS_MAX);
  async function listSome(): Promise<void> {
    for (let id = waiting.shift(); id !== undefined && entries.length < cap; id = waiting.shift()) {
      // A shop whose list fails keeps its own page here; its products wait for the next build.
      const products = await provider.shopProducts(id).catch(() => []);
      for (const product of products.slice(0, cap - entries.length)) entries.push({ path: `/product/${encodeURIComponent(product.id)}` });
    }
  }
  await Promise.all(Array.from({ length: PRODUCT_CALLS_AT_ONCE }, listSome));
  return entries;
}

async function build(version: number): Promise<string> {
  const shops = await shopEntries();
  const products = await productEntries([...shops.keys()], MAX_URLS - PAGES.length - shops.size);
  const xml = sitemapXml(getWebEnv().webUrl, [...PAGES, ...shops.values(), ...products]);
  cached = { xml, expires: Date.now() + MAX_AGE_SECONDS * 1000, builtAt: Date.now(), version };
  return xml;
}

function isCurrent(copy: NonNullable<typeof cached>, version: number): boolean {
  if (copy.expires <= Date.now()) return false;
  return copy.version === version || Date.now() - copy.builtAt < FRESH_AFTER_CHANGE_MS;
}

export async function loader({ context }: Route.LoaderArgs) {
  const version = context.get(siteMemoryContext).contentVersion();
  let xml: string;
  try {
    if (cached && isCurrent(cached, version)) xml = cached.xml;
    else xml = await (building ??= build(version).finally(() => (building = undefined)));
  } catch {
    return new Response('The sitemap is not available right now. Please try again later.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '300', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': `public, max-age=${MAX_AGE_SECONDS}` },
  });
}
