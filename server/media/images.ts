import { randomUUID } from 'node:crypto';
import { checkImageClaims } from '#rules/images.ts';
import { MSG } from '#rules/messages.ts';
import type { StoredImage } from '#server/db/schema.ts';
import { WorkerCrashed } from './child-worker';
import type { FilePart } from './file-part';
import type { MediaLinks } from './hidden-media';
import { inImageWorker } from './image-worker-client';
import type { MediaStorage } from './media-storage';
import { imageTurns } from './turns';
import { EXTENSION } from './variants';

/** An upload the client must fix; the message is the user-facing text from MSG. */
export class ImageRejected extends Error {}

// Two images at a time (one per core of a small box) bound the pixels the image worker holds at once and
// the uploads the API has read into memory for it; the rest wait on disk.
const IMAGES_AT_ONCE = 2;

const inTurn = imageTurns(IMAGES_AT_ONCE);

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function looksLikeJpegOrPng(data: Buffer): boolean {
  return data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC) || data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC);
}

/** The worker's encoding of an upload; a photo that crashed it twice is one the client must replace. */
async function encode(data: Buffer) {
  try {
    return await inImageWorker('encode', data);
  } catch (error) {
    if (error instanceof WorkerCrashed) return { rejected: MSG.imageUnreadable };
    throw error;
  }
}

/**
 * Checks an upload by its claims and its content, then stores a clean JPEG (no metadata, upright,
 * at most 1600 px) and AVIF and WebP copies for smaller screens. Throws ImageRejected for what the client can fix.
 * `since`: when the request that brought the file started, which orders the wait for a turn.
 */
export async function storeImage(storage: MediaStorage, file: FilePart, folder: 'shops' | 'products', since = performance.now()): Promise<StoredImage> {
  const claimProblem = checkImageClaims({ name: file.filename, type: file.mimetype, size: file.size });
  if (claimProblem) throw new ImageRejected(claimProblem);

  const result = await inTurn(since, async () => {
    // Read only now: an upload waiting for its turn holds no memory.
    const data = await file.read();
    if (!looksLikeJpegOrPng(data)) return { rejected: MSG.imageType };
    return encode(data);
  });
  if ('rejected' in result) throw new ImageRejected(result.rejected);
  const { width, height, main, dominantColor } = result.encoded;

  const prefix = `${folder}/${randomUUID()}`;
  const variants = result.encoded.variants.map((variant) => ({
    width: variant.width,
    key: `${prefix}/w${variant.width}.${EXTENSION[variant.type]}`,
    type: variant.type,
    data: variant.data,
  }));
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
    dominantColor,
  };
}

/** Removes images with all their variants; already missing files are fine. */
export async function removeImages(storage: MediaStorage, images: StoredImage[]): Promise<void> {
  await storage.remove(images.flatMap((image) => [image.key, ...image.variants.map((variant) => variant.key)]));
}

/** The contract's image shape, with absolute URLs (`links` gives e.g. `http://localhost:8000/media/<key>`). */
export function imageJson(image: StoredImage, links: MediaLinks) {
  return {
    url: links.url(image.key),
    width: image.width,
    height: image.height,
    variants: image.variants.map((variant) => ({ width: variant.width, url: links.url(variant.key), type: variant.type })),
    dominant_color: image.dominantColor ?? null,
  };
}
