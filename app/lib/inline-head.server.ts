import { createHash } from 'node:crypto';
import appCss from '../app.css?inline';
import messagesCss from '../styles/messages.css?inline';
import shopCss from '../styles/shop.css?inline';
import { FIRST_SCREEN_SCRIPT } from './first-screen.server';

// Inline (docs/decisions/026-fewer-requests-per-page.md), as bytes made once: React would encode the same text for every page.
const SCRIPT = Buffer.from(FIRST_SCREEN_SCRIPT);
const CSS = Buffer.from(appCss + shopCss);
const SLOT = '></script><style></style>';
const CSS_AT = '></script><style>'.length;
/** A Lite mode page has no script. */
const LITE_SLOT = '<style></style>';

const hashOf = (css: string | Buffer) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * The CSS is the same in every response, so the Content-Security-Policy allows it by its hash; so too the
 * messages pages' own, which any page may add on a client-side visit.
 */
export const INLINE_CSS_HASHES = `${hashOf(CSS)} ${hashOf(messagesCss)}`;

export function withInlineHead(html: Buffer<ArrayBuffer>, lite = false): Buffer<ArrayBuffer> {
  if (lite) {
    const at = html.indexOf(LITE_SLOT);
    if (at === -1) return html;
    const css = at + '<style>'.length;
    return Buffer.concat([html.subarray(0, css), CSS, html.subarray(css)]);
  }
  const at = html.indexOf(SLOT);
  if (at === -1) return html;
  return Buffer.concat([html.subarray(0, at + 1), SCRIPT, html.subarray(at + 1, at + CSS_AT), CSS, html.subarray(at + CSS_AT)]);
}
