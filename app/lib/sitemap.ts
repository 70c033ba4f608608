export type SitemapEntry = { path: string; lastmod?: string };

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

export function lastmodOf(date: string | undefined): string | undefined {
  if (!date) return undefined;
  const time = Date.parse(date);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function sitemapXml(webUrl: string, entries: readonly SitemapEntry[]): string {
  const origin = webUrl.replace(/\/+$/, '');
  const urls = entries.map(({ path, lastmod }) => {
    const when = lastmodOf(lastmod);
    return `<url><loc>${escapeXml(origin + path)}</loc>${when ? `<lastmod>${when}</lastmod>` : ''}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
