import { getWebEnv } from '#app/lib/env.server.ts';
import { siteMemoryContext } from '#app/lib/host.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { type SitemapEntry, sitemapXml } from '#app/lib/sitemap.ts';
import { PAGE_SIZE_MAX } from '#rules/limits.ts';
import type { Route } from './+types/sitemap';

/** The sitemap protocol's limit for one file; past it we would need a sitemap index. */
const MAX_URLS = 50_000;
// Search result pages are left out (endless query combinations), so only the home page and the shops are listed.
const PAGES: SitemapEntry[] = [{ path: '/' }];
const MAX_AGE_SECONDS = 3600;
/** How soon a shop deleted or hidden by a moderator leaves the sitemap. */
const FRESH_AFTER_CHANGE_MS = 60_000;

// Listing every shop takes many provider calls, so one build serves every request while the response may
// be cached anyway; a change to public content rebuilds it, at most once a minute.
let cached: { xml: string; expires: number; builtAt: number; version: number } | undefined;
let building: Promise<string> | undefined;

async function shopEntries(): Promise<SitemapEntry[]> {
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
  return [...shops.values()];
}

async function build(version: number): Promise<string> {
  const xml = sitemapXml(getWebEnv().webUrl, [...PAGES, ...(await shopEntries())]);
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
