import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitPhoto } from '#app/lib/upload/fit-photo.server.ts';
import { IMAGE_MAX_BYTES } from '#rules/limits.ts';
import { noisyJpeg } from '#tests/fixtures/images.ts';

describe('a photo sent without JavaScript', () => {
  it('over the API’s 5 MB is shrunk to a JPEG of at most 1600 pixels a side, under 5 MB', async () => {
    const camera = await noisyJpeg({ width: 1750, height: 1310 });
    expect(camera.length).toBeGreaterThan(IMAGE_MAX_BYTES);
    const fitted = await fitPhoto(new File([new Uint8Array(camera)], 'IMG_2041.PNG', { type: 'image/png' }));
    expect(fitted).toMatchObject({ name: 'IMG_2041.jpg', type: 'image/jpeg' });
    expect(fitted!.size).toBeLessThan(IMAGE_MAX_BYTES);
    const { width, height, format } = await sharp(Buffer.from(await fitted!.arrayBuffer())).metadata();
    expect({ width, height, format }).toEqual({ width: 1600, height: 1198, format: 'jpeg' });
  });

  it('within 5 MB travels as chosen', async () => {
    const small = new File([new Uint8Array(1024)], 'a.jpg', { type: 'image/jpeg' });
    expect(await fitPhoto(small)).toBe(small);
  });

  it('that cannot be read as an image is no photo', async () => {
    expect(await fitPhoto(new File([new Uint8Array(IMAGE_MAX_BYTES + 1).fill(7)], 'scan.jpg', { type: 'image/jpeg' }))).toBeNull();
  });
});
