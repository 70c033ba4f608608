import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy } from '#app/lib/page-security-policy.server.ts';

const imgSrc = (policy: string) => policy.split('; ').find((directive) => directive.startsWith('img-src'));

describe('the pages’ Content-Security-Policy', () => {
  test('takes images from the site alone when photos are relayed through /media', () => {
    expect(imgSrc(contentSecurityPolicy('n0nce', "'sha256-x'"))).toBe("img-src 'self' data: blob:");
  });

  test('also takes them from the public bucket or CDN photos are served from', () => {
    expect(imgSrc(contentSecurityPolicy('n0nce', "'sha256-x'", 'https://media.kasuwa.ng'))).toBe("img-src 'self' data: blob: https://media.kasuwa.ng");
  });
});
