/**
 * The policy for HTML documents: scripts only from the site itself or inline with this response's nonce
 * (React Router's hydration data, the first-screen script), styles from the site or the page's inline CSS
 * by its hash (`'sha256-…'`), images from the site (photos are relayed through /media) or from
 * `mediaOrigin` when photos are served from a CDN (MEDIA_PUBLIC_URL), no framing.
 */
export function contentSecurityPolicy(nonce: string, inlineStyleHash: string, mediaOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' ${inlineStyleHash}`,
    `img-src 'self' data: blob:${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
