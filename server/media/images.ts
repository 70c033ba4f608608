import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { checkImageClaims } from '../../app/lib/rules/images';
import { MSG } from '../../app/lib/rules/messages';
import type { StoredImage } from '../db/schema';
import type { FilePart } from './file-part';
import type { MediaStorage } from './storage';
import { imageTurns } from './turns';

/** An upload the client must fix; the message is the user-facing text from MSG. */
export class ImageRejected extends Error {}

// Memory over speed: the API runs on a small box and uploads arrive together. libvips' cache only pays
// off when the same image is processed twice, which never happens here; one thread per image and two
// images at a time (one per core of a small box) bound the pixels held at once, 35-60 MB per image.
// Measured (bench:uploads): 10 owners sending 10 photos of 12 megapixels and 4.8 MB each at once take the
// API on PostgreSQL from 165 MB to 295-320 MB with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072;
// glibc's defaults hoard freed libvips memory (about 80 MB more in isolation).
sharp.cache(false);
sharp.concurrency(1);
const IMAGES_AT_ONCE = 2;

const inTurn = imageTurns(IMAGES_AT_ONCE);

/** 40 megapixels: more than any phone camera, and refused from the header, before a pixel is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Big enough for a zoomed product photo on a phone, small enough for slow, expensive data. */
const MAIN_MAX_SIZE = 1600;
/** Widths for `srcset`, so a phone downloads the smallest copy that fills its screen. */
const VARIANT_WIDTHS = [320, 640, 1024];

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function looksLikeJpegOrPng(data: Buffer): boolean {
  return data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC) || data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC);
}

type Pixels = { data: Buffer; info: sharp.OutputInfo };

/**
 * Decodes the upload once into upright pixels fitted inside the main size. Starting again from pixels
 * rather than from the bytes drops every piece of metadata (EXIF, GPS, comments) by construction.
 */
async function decode(data: Buffer): Promise<Pixels> {
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
      .autoOrient()
      // JPEG has no transparency; a transparent PNG would otherwise turn black.
      .flatten({ background: '#ffffff' })
      .resize({ width: MAIN_MAX_SIZE, height: MAIN_MAX_SIZE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw new ImageRejected(message.includes('pixel limit') ? MSG.imageTooManyPixels : MSG.imageUnreadable);
  }
}

function fromPixels({ data, info }: Pixels) {
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/** Variant widths smaller than the main image; a tiny image still gets one variant at its own width. */
function variantWidths(mainWidth: number): number[] {
  const smaller = VARIANT_WIDTHS.filter((width) => width < mainWidth);
  return smaller.length > 0 ? smaller : [mainWidth];
}

/**
 * Checks an upload by its claims and its content, then stores a clean JPEG (no metadata, upright,
 * at most 1600 px) and WebP copies for smaller screens. Throws ImageRejected for what the client can fix.
 * `since`: when the request that brought the file started, which orders the wait for a turn.
 */
export async function storeImage(
  storage: MediaStorage,
  file: FilePart,
  folder: 'shops' | 'products',
  since = performance.now(),
): Promise<StoredImage> {
  const claimProblem = checkImageClaims({ name: file.filename, type: file.mimetype, size: file.size });
  if (claimProblem) throw new ImageRejected(claimProblem);

  const prefix = `${folder}/${randomUUID()}`;
  const { width, height, main, variants } = await inTurn(since, async () => {
    // Read only now: an upload waiting for its turn holds no memory.
    const data = await file.read();
    if (!looksLikeJpegOrPng(data)) throw new ImageRejected(MSG.imageType);
    const pixels = await decode(data);
    const { width, height } = pixels.info;
    // mozjpeg settings make smaller files for the same quality; a libvips built without mozjpeg ignores them.
    const main = await fromPixels(pixels).jpeg({ quality: 80, progressive: true, mozjpeg: true }).toBuffer();
    const variants = [];
    // One encode at a time, for the same reason as the turns above.
    for (const variantWidth of variantWidths(width)) {
      const data = await fromPixels(pixels).resize({ width: variantWidth }).webp({ quality: 75 }).toBuffer();
      variants.push({ width: variantWidth, key: `${prefix}/w${variantWidth}.webp`, type: 'image/webp' as const, data });
    }
    return { width, height, main, variants };
  });

  const mainKey = `${prefix}/main.jpg`;
  const pieces = [{ key: mainKey, type: 'image/jpeg', data: main }, ...variants];
  try {
    for (const piece of pieces) await storage.put(piece.key, piece.data, piece.type);
  } catch (error) {
    // Every planned key, not just the finished ones: a failed put may have left something behind.
    await storage.remove(pieces.map((piece) => piece.key));
    throw error;
  }
  return {
    key: mainKey,
    width,
    height,
    variants: variants.map((variant) => ({ width: variant.width, key: variant.key, type: variant.type })),
  };
}

/** Removes images with all their variants; already missing files are fine. */
export async function removeImages(storage: MediaStorage, images: StoredImage[]): Promise<void> {
  await storage.remove(images.flatMap((image) => [image.key, ...image.variants.map((variant) => variant.key)]));
}

/** The contract's image shape, with absolute URLs (`mediaBaseUrl` is e.g. `http://localhost:8000/media`). */
export function imageJson(image: StoredImage, mediaBaseUrl: string) {
  return {
    url: `${mediaBaseUrl}/${image.key}`,
    width: image.width,
    height: image.height,
    variants: image.variants.map((variant) => ({ width: variant.width, url: `${mediaBaseUrl}/${variant.key}`, type: variant.type })),
  };
}
