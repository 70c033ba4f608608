import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressParts, gzipJoined } from '#web-server/cache/gzip-parts.ts';

describe('a gzip body joined from parts compressed in advance', () => {
  it('reads back as the parts joined by each new separator', () => {
    const page = ['<script nonce="', '">hydrate()</script>', 'Kasuwa ₦5,000 '.repeat(8000), '', '"></script>'];
    const parts = compressParts(page, 24);
    for (let turn = 0; turn < 5; turn += 1) {
      const nonce = randomBytes(16).toString('base64');
      expect(gunzipSync(gzipJoined(parts, nonce)).toString()).toBe(page.join(nonce));
    }
    expect(() => gzipJoined(parts, 'a')).toThrow(RangeError);
  });

  it('refers back across the separators, so a page cut by many costs little more than one whole', () => {
    const nonce = randomBytes(16).toString('base64');
    const card = (i: number) =>
      `<li class="shop-card"><a href="/shop/${i}"><span class="card-name">Mama Put ${i}</span><span class="card-meta">Rice and stew, Surulere, Lagos</span></a><button class="heart" aria-label="Save Mama Put ${i}"></button></li>`;
    const page = Array.from({ length: 40 }, (_, i) => `<script nonce="${nonce}">hydrate(${i})</script>${card(i)}`).join('');
    const joined = gzipJoined(compressParts(page.split(nonce), 24), randomBytes(16).toString('base64'));
    // Each new nonce is stored as it is, 24 bytes with a block header, after the sync flush that ends a part.
    expect(joined.length).toBeLessThan(gzipSync(page).length + 40 * (24 + 20));
  });

  it('still reads back when a part holds the byte that stands in for the separator', () => {
    const page = ['a\u0000b', 'c'.repeat(100), 'c'.repeat(100)];
    const nonce = randomBytes(16).toString('base64');
    expect(gunzipSync(gzipJoined(compressParts(page, 24), nonce)).toString()).toBe(page.join(nonce));
  });

  it('holds one part as a plain gzip of it, and incompressible parts of any size', () => {
    const noise = randomBytes(200_000).toString('base64');
    expect(gunzipSync(gzipJoined(compressParts([noise], 1), 'x')).toString()).toBe(noise);
    expect(gunzipSync(gzipJoined(compressParts([noise, '', noise], 0), '')).toString()).toBe(`${noise}${noise}`);
  });

  it('keeps no more memory than its bytes for a page cut into many small parts', () => {
    const parts = compressParts(
      Array.from({ length: 15 }, (_, i) => `<p>part ${i}</p>`.repeat(50)),
      24,
    );
    for (const part of [...parts.raw, ...parts.compressed]) expect(part.buffer.byteLength).toBeLessThanOrEqual(Math.max(part.length, Buffer.poolSize));
  });
});
