import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { holdHydration } from '#app/lib/first-screen.server.ts';
import { INLINE_CSS_HASHES, withInlineHead } from '#app/lib/inline-head.server.ts';

const page = (body: string) => Buffer.from(`<html><head><script nonce="n1"></script><style></style></head><body>${body}</body></html>`);

describe('what a phone fetches first', () => {
  it("holds React Router's modulepreload links and module script back, changing nothing else in the page", () => {
    const rendered =
      '<link rel="modulepreload" href="/assets/a.js" nonce="n1"/><link rel="modulepreload" href="/assets/b.js" nonce="n1"/>' +
      '<p>Use rel=&quot;modulepreload&quot; and type=&quot;module&quot;</p>' +
      '<script nonce="n1" type="module" async="">import "/assets/a.js";</script>';
    const before = page(rendered);
    const held = holdHydration(Buffer.from(before)).toString();

    expect(held).not.toContain('rel="modulepreload"');
    expect(held.match(/rel="later-preload"/g)).toHaveLength(2);
    expect(held).toContain('<script nonce="n1" type="kasuwa/later"   >import "/assets/a.js";</script>');
    expect(held).toContain('<p>Use rel=&quot;modulepreload&quot; and type=&quot;module&quot;</p>');
    expect(held.length).toBe(before.length);
  });

  it('puts the first-screen script and the CSS into the empty elements at the top of <head>, the CSS matching its hash', () => {
    const html = withInlineHead(page('<p>Shops</p>')).toString();

    const script = /<script nonce="n1">([\s\S]+?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toMatch(/^\(function firstScreenFirst\(/);
    const css = /<style>([\s\S]+?)<\/style>/.exec(html)?.[1] ?? '';
    expect(css).toContain('.shop-grid');
    expect(css).toContain('.shop-page');
    expect(INLINE_CSS_HASHES.split(' ')).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    expect(html.endsWith('<body><p>Shops</p></body></html>')).toBe(true);
  });
});
