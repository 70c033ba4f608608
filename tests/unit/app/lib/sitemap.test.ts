import { describe, expect, test } from 'vitest';
import { escapeXml, lastmodOf, sitemapXml } from '#app/lib/sitemap.ts';

describe('sitemap.xml', () => {
  test('lists each address at the public origin, with its date when known', () => {
    const xml = sitemapXml('https://kasuwa.ng/', [{ path: '/' }, { path: '/shop/7', lastmod: '2025-03-01T09:30:00Z' }]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain('<url><loc>https://kasuwa.ng/</loc></url>');
    expect(xml).toContain('<url><loc>https://kasuwa.ng/shop/7</loc><lastmod>2025-03-01T09:30:00.000Z</lastmod></url>');
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  test('escapes characters XML reserves', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(sitemapXml('https://kasuwa.ng', [{ path: '/searchResults?q=a&category=b' }])).toContain(
      '<loc>https://kasuwa.ng/searchResults?q=a&amp;category=b</loc>',
    );
  });

  test('leaves out a date that does not parse', () => {
    expect(lastmodOf('not a date')).toBeUndefined();
    expect(lastmodOf(undefined)).toBeUndefined();
    expect(sitemapXml('https://kasuwa.ng', [{ path: '/shop/1', lastmod: 'yesterday' }])).not.toContain('<lastmod>');
  });
});
