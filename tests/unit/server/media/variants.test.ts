import { describe, expect, it } from 'vitest';
import { variantQuality, variantWidths } from '#server/media/variants.ts';

describe('the copies stored beside a photo', () => {
  it('makes every copy narrower than the photo, from 320 to 1024 px', () => {
    expect(variantWidths(1600)).toEqual([320, 400, 640, 800, 1024]);
    expect(variantWidths(1024)).toEqual([320, 400, 640, 800]);
    expect(variantWidths(700)).toEqual([320, 400, 640]);
  });

  it('gives a photo narrower than the smallest copy one copy at its own width', () => {
    expect(variantWidths(200)).toEqual([200]);
  });

  it('encodes small copies at a higher quality than large ones, which the screen shows closer to their own size', () => {
    for (const type of ['image/avif', 'image/webp'] as const) {
      const qualities = [320, 400, 640, 800, 1024].map((width) => variantQuality(type, width));
      expect(qualities).toEqual([...qualities].sort((a, b) => b - a));
      expect(qualities[0]).toBeGreaterThan(qualities.at(-1)!);
    }
  });
});
