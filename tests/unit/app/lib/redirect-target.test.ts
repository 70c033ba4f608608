import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from '#app/lib/session.server.ts';

describe('the page signing in returns to', () => {
  it.each(['/myShop', '/shop/42/products?added=1', '/searchResults?q=rice#results'])('is %s when that is a path on this site', (target) => {
    expect(safeRedirectTarget(target)).toBe(target);
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    '\\/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
    'https:evil.com',
    'https://evil.com',
    'http://localhost:3000@evil.com',
    'javascript:alert(1)',
    ' //evil.com',
    'evil.com',
    '/.//evil.example/phish',
    '/%2e%2e//evil.com',
    '/a/..//evil.com',
    '/./\\evil.com',
    '',
  ])('is home for %j, which leads off the site or is no path', (target) => {
    expect(safeRedirectTarget(target)).toBe('/');
  });

  it('keeps encoded slashes encoded, as the path they are on this site', () => {
    expect(safeRedirectTarget('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
    expect(safeRedirectTarget('/%5Cevil.com')).toBe('/%5Cevil.com');
  });

  it('drops a tab or line break inside a path, which no header may carry', () => {
    expect(safeRedirectTarget('/my\tShop')).toBe('/myShop');
  });
});
