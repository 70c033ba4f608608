import { randomBytes } from 'node:crypto';

/** A response's nonce; the host's page memory makes its replays' nonces here too. */
export const newNonce = () => randomBytes(16).toString('base64');

/** `mediaOrigin`: a CDN that serves photos (MEDIA_PUBLIC_URL); otherwise they are relayed through /media. */
export function contentSecurityPolicy(nonce: string, inlineStyleHashes: string, mediaOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // The nonce lets in the rules that draw photos past the first screen (docs/decisions/088-photos-near-the-screen.md).
    `style-src 'self' 'nonce-${nonce}' ${inlineStyleHashes}`,
    `img-src 'self' data: blob:${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
