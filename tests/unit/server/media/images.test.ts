import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import type { StoredImage } from '#server/db/schema.ts';
import { localDiskStorage } from '#server/media/disk-storage.ts';
import { type FilePart, filePartOf } from '#server/media/file-part.ts';
import { ImageRejected, imageJson, removeImages, storeImage } from '#server/media/images.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { EXIF_CAMERA, hugePngHeader, jpegBuffer, pdfBytes, pngBuffer, truncatedJpeg } from '#tests/fixtures/images.ts';

let root: string;
let storage: MediaStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kasuwa-images-'));
  storage = localDiskStorage(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const localMedia = { url: (key: string) => `http://localhost:8000/media/${key}` };
const jpegPart = (data: Buffer, filename = 'photo.jpg'): FilePart => filePartOf(data, { field: 'image', filename, mimetype: 'image/jpeg' });

async function stored(key: string): Promise<Buffer> {
  const file = await storage.open(key);
  if (!file) throw new Error(`nothing stored under ${key}`);
  return buffer(file.stream);
}

async function allFiles(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function rejection(file: FilePart): Promise<string> {
  const error = await storeImage(storage, file, 'shops').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ImageRejected);
  return (error as ImageRejected).message;
}

describe('storing an uploaded photo', () => {
  it('turns a sideways phone photo upright and strips its EXIF and GPS data', async () => {
    // Stored 400×200 with orientation 6: the phone was held upright, so the viewer sees 200×400.
    const photo = await jpegBuffer({ width: 400, height: 200, exifOrientation: 6, withGps: true });
    expect((await sharp(photo).metadata()).exif?.includes(EXIF_CAMERA)).toBe(true);

    const image = await storeImage(storage, jpegPart(photo), 'shops');

    const main = await stored(image.key);
    const meta = await sharp(main).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(main.includes(EXIF_CAMERA)).toBe(false);
    // The left half was red: turned clockwise, red is now on top and blue at the bottom.
    const top = await sharp(main).extract({ left: 100, top: 50, width: 1, height: 1 }).raw().toBuffer();
    const bottom = await sharp(main).extract({ left: 100, top: 350, width: 1, height: 1 }).raw().toBuffer();
    expect(top[0]).toBeGreaterThan(150);
    expect(bottom[2]).toBeGreaterThan(150);
    expect(image).toMatchObject({ width: 200, height: 400 });
  });

  it('keeps a big photo within 1600 px as a progressive JPEG, with AVIF and WebP copies at 320, 400, 640, 800 and 1024 px', async () => {
    const image = await storeImage(storage, jpegPart(await jpegBuffer({ width: 3000, height: 2000 })), 'products');

    expect(image).toMatchObject({ width: 1600, height: 1067 });
    expect(image.key).toMatch(/^products\/[0-9a-f-]{36}\/main\.jpg$/);
    const main = await sharp(await stored(image.key)).metadata();
    expect(main).toMatchObject({ format: 'jpeg', width: 1600, height: 1067, isProgressive: true });
    expect(image.variants.map((variant) => `${variant.type} ${variant.width}`)).toEqual(
      [320, 400, 640, 800, 1024].flatMap((width) => [`image/avif ${width}`, `image/webp ${width}`]),
    );
    for (const variant of image.variants) {
      const extension = variant.type === 'image/avif' ? 'avif' : 'webp';
      expect(variant.key).toBe(image.key.replace('main.jpg', `w${variant.width}.${extension}`));
      const meta = await sharp(await stored(variant.key)).metadata();
      // libvips reports AVIF as heif.
      expect(meta).toMatchObject({ format: extension === 'avif' ? 'heif' : 'webp', width: variant.width, height: Math.round((variant.width * 1067) / 1600) });
      if (extension === 'avif') expect(meta.compression).toBe('av1');
    }
  });

  it('records the colour most of the photo has, for its placeholder', async () => {
    // Three quarters green, a quarter white: the green wins.
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2e7d32' } })
      .composite([{ input: { create: { width: 200, height: 600, channels: 3, background: '#ffffff' } }, left: 600, top: 0 }])
      .jpeg()
      .toBuffer();

    const image = await storeImage(storage, jpegPart(photo), 'shops');

    const [r, g, b] = [1, 3, 5].map((at) => parseInt(image.dominantColor!.slice(at, at + 2), 16));
    expect(image.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    // libvips answers the middle of the histogram bin the colour falls in (16 levels a channel).
    expect(Math.abs(r! - 0x2e)).toBeLessThanOrEqual(16);
    expect(Math.abs(g! - 0x7d)).toBeLessThanOrEqual(16);
    expect(Math.abs(b! - 0x32)).toBeLessThanOrEqual(16);
  });

  it('never enlarges a small photo and still gives it one AVIF and one WebP copy', async () => {
    const image = await storeImage(storage, jpegPart(await jpegBuffer({ width: 200, height: 150 })), 'shops');

    expect(image).toMatchObject({ width: 200, height: 150 });
    expect(image.variants).toEqual([
      { width: 200, key: image.key.replace('main.jpg', 'w200.avif'), type: 'image/avif' },
      { width: 200, key: image.key.replace('main.jpg', 'w200.webp'), type: 'image/webp' },
    ]);
  });

  it('only makes copies smaller than the photo itself', async () => {
    const image = await storeImage(storage, jpegPart(await jpegBuffer({ width: 700, height: 500 })), 'shops');

    expect([...new Set(image.variants.map((variant) => variant.width))]).toEqual([320, 400, 640]);
  });

  it('stores a transparent PNG as a JPEG on white', async () => {
    const png = await pngBuffer({ width: 300, height: 300, transparent: true });

    const image = await storeImage(storage, filePartOf(png, { field: 'image', filename: 'logo.PNG', mimetype: 'image/png' }), 'shops');

    const main = await stored(image.key);
    expect((await sharp(main).metadata()).format).toBe('jpeg');
    const pixel = await sharp(main).extract({ left: 150, top: 150, width: 1, height: 1 }).raw().toBuffer();
    expect([...pixel]).toEqual([255, 255, 255]);
  });
});

describe('refusing an upload', () => {
  it('refuses a .gif by its name', async () => {
    const message = await rejection(filePartOf(Buffer.from('GIF89a'), { field: 'image', filename: 'cat.gif', mimetype: 'image/gif' }));
    expect(message).toBe(MSG.imageExtension);
  });

  it('refuses a PDF renamed .jpg by its content', async () => {
    expect(await rejection(jpegPart(pdfBytes(), 'invoice.jpg'))).toBe(MSG.imageType);
  });

  it('refuses a JPEG cut off halfway as unreadable', async () => {
    expect(await rejection(jpegPart(await truncatedJpeg()))).toBe(MSG.imageUnreadable);
  });

  it('refuses an empty file that has a name', async () => {
    expect(await rejection(jpegPart(Buffer.alloc(0)))).toBe(MSG.fileEmpty);
  });

  it('refuses a PNG claiming 20000×20000 pixels from its header', async () => {
    const message = await rejection(filePartOf(hugePngHeader(), { field: 'image', filename: 'bomb.png', mimetype: 'image/png' }));
    expect(message).toBe(MSG.imageTooManyPixels);
  });

  it('writes nothing for a refused upload', async () => {
    await rejection(jpegPart(await truncatedJpeg()));
    expect(await allFiles()).toEqual([]);
  });

  it('removes the pieces already written when storage fails halfway, and passes the failure on', async () => {
    let puts = 0;
    const failing: MediaStorage = {
      ...storage,
      async put(key, data, type) {
        if (++puts === 3) throw new Error('disk full');
        await storage.put(key, data, type);
      },
    };

    await expect(storeImage(failing, jpegPart(await jpegBuffer({ width: 1200, height: 900 })), 'shops')).rejects.toThrow('disk full');
    expect(await allFiles()).toEqual([]);
  });
});

describe('removing and describing stored images', () => {
  it('removes an image with all its copies', async () => {
    const images = await Promise.all([
      storeImage(storage, jpegPart(await jpegBuffer({ width: 1200, height: 900 })), 'shops'),
      storeImage(storage, jpegPart(await jpegBuffer({ width: 300, height: 300 })), 'products'),
    ]);
    // Each: the JPEG, and AVIF and WebP at 320, 400, 640, 800 and 1024 px (the 300 px photo: one of each at 300).
    expect((await allFiles()).length).toBe(11 + 3);

    await removeImages(storage, images);

    expect(await allFiles()).toEqual([]);
  });

  it('describes an image with absolute URLs under the media address, and its colour', () => {
    const image: StoredImage = {
      key: 'shops/abc/main.jpg',
      width: 1600,
      height: 1200,
      variants: [
        { width: 320, key: 'shops/abc/w320.avif', type: 'image/avif' },
        { width: 320, key: 'shops/abc/w320.webp', type: 'image/webp' },
      ],
      dominantColor: '#a818b8',
    };

    expect(imageJson(image, localMedia)).toEqual({
      url: 'http://localhost:8000/media/shops/abc/main.jpg',
      width: 1600,
      height: 1200,
      variants: [
        { width: 320, url: 'http://localhost:8000/media/shops/abc/w320.avif', type: 'image/avif' },
        { width: 320, url: 'http://localhost:8000/media/shops/abc/w320.webp', type: 'image/webp' },
      ],
      dominant_color: '#a818b8',
    });
  });

  it('describes an image stored before colours were recorded with a null colour', () => {
    const image: StoredImage = {
      key: 'shops/old/main.jpg',
      width: 800,
      height: 600,
      variants: [{ width: 320, key: 'shops/old/w320.webp', type: 'image/webp' }],
    };

    expect(imageJson(image, localMedia).dominant_color).toBeNull();
  });
});
