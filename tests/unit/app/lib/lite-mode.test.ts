import { describe, expect, it } from 'vitest';
import { withInlineHead } from '#app/lib/inline-head.server.ts';
import { isLite } from '#app/lib/request-cookies.ts';

describe('who gets Lite mode', () => {
  it("follows the browser's data saver unless the visitor chose for themselves with the switch", () => {
    expect(isLite(undefined, 'on')).toBe(true);
    expect(isLite('theme=dark', ' On ')).toBe(true);
    expect(isLite(undefined, undefined)).toBe(false);
    expect(isLite(undefined, 'off')).toBe(false);
    expect(isLite('kasuwa_lite=on', undefined)).toBe(true);
    expect(isLite('a=1; kasuwa_lite=off', 'on')).toBe(false);
    // A cookie value the switch never sets is no choice.
    expect(isLite('kasuwa_lite=onward', undefined)).toBe(false);
    expect(isLite('xkasuwa_lite=on', undefined)).toBe(false);
  });

  it('gets the CSS inline without the first-screen script', () => {
    const html = withInlineHead(Buffer.from('<html><head><style></style></head><body><p>Shops</p></body></html>'), true).toString();
    expect(html).not.toContain('<script');
    expect(/<style>([\s\S]+?)<\/style>/.exec(html)?.[1]).toContain('.shop-grid');
    expect(html.endsWith('<body><p>Shops</p></body></html>')).toBe(true);
  });
});
