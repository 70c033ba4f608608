import { describe, expect, test } from 'vitest';
import { formatBytes } from '#app/lib/upload/format-bytes.ts';
import { fitWithin, jpegName, PHOTO_LONG_SIDE } from '#app/lib/upload/shrink-photo.ts';
import { headersFrom } from '#app/lib/upload/upload-progress.ts';

describe('preparing a photo for upload', () => {
  test('scales the long side down to 1600 px, keeping the shape', () => {
    expect(fitWithin(4000, 3000, PHOTO_LONG_SIDE)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, PHOTO_LONG_SIDE)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(10_000, 10, PHOTO_LONG_SIDE)).toEqual({ width: 1600, height: 2 });
  });

  test('never scales a small photo up', () => {
    expect(fitWithin(800, 600, PHOTO_LONG_SIDE)).toEqual({ width: 800, height: 600 });
  });

  test('names the re-encoded photo .jpg', () => {
    expect(jpegName('IMG_0042.PNG')).toBe('IMG_0042.jpg');
    expect(jpegName('shop.front.jpeg')).toBe('shop.front.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});

describe('sizes as people read them', () => {
  test('in KB below a megabyte, in MB above', () => {
    expect(formatBytes(300)).toBe('1 KB');
    expect(formatBytes(412 * 1024)).toBe('412 KB');
    expect(formatBytes(6.4 * 1024 * 1024)).toBe('6.4 MB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });
});

describe('an upload’s answer', () => {
  test('keeps every header XMLHttpRequest reports, React Router’s own included', () => {
    const headers = headersFrom('content-type: text/x-script\r\nx-remix-response: yes\r\nset-cookie: a=1\r\nvary: Cookie\r\nvary: Accept\r\n');
    expect(headers.get('content-type')).toBe('text/x-script');
    expect(headers.get('X-Remix-Response')).toBe('yes');
    expect(headers.get('vary')).toBe('Cookie, Accept');
  });
});
