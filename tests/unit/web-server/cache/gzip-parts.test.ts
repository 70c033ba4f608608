import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressParts, gzipJoined } from '#web-server/cache/gzip-parts.ts';

describe('a gzip body joined from parts compressed in advance', () => {
  it('reads back as the parts joined by each new separator', () => {
    const page = ['<script nonce="', '">hydrate()</script>', 'Kasuwa ₦5,000 '.repeat(8000), '', '"></script>'];
    const parts = compressParts(page);
    for (const nonce of ['', 'a', randomBytes(16).toString('base64')]) {
      expect(gunzipSync(gzipJoined(parts, nonce)).toString()).toBe(page.join(nonce));
    }
  });

  it('holds one part as a plain gzip of it, and incompressible parts of any size', () => {
    const noise = randomBytes(200_000).toString('base64');
    expect(gunzipSync(gzipJoined(compressParts([noise]), 'x')).toString()).toBe(noise);
    expect(gunzipSync(gzipJoined(compressParts([noise, '', noise]), '')).toString()).toBe(`${noise}${noise}`);
  });

  it('keeps no more memory than its bytes for a page cut into many small parts', () => {
    const parts = compressParts(Array.from({ length: 15 }, (_, i) => `<p>part ${i}</p>`.repeat(50)));
    for (const part of [...parts.raw, ...parts.compressed]) expect(part.buffer.byteLength).toBeLessThanOrEqual(Math.max(part.length, Buffer.poolSize));
  });
});
