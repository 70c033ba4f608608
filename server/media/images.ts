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

/** An upload the client must fix; the message is for the user. */
export class ImageRejected extends Error {}

// Bounds the pixels the worker holds and the uploads read into memory; the rest wait on disk.
const IMAGES_AT_ONCE = 2;

const inTurn = imageTurns(IMAGES_AT_ONCE);

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function looksLikeJpegOrPng(data: Buffer): boolean {
  return data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC) || data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC);
}

/** A photo that crashed the worker twice is one the client must replace. */
async function encode(data: Buffer) {
  try {
    return await inImageWorker('encode', data);
  } catch (error) {
    if (error instanceof WorkerCrashed) return { rejected: MSG.imageUnreadable };
    throw error;
  }
}

/** Throws ImageRejected for what the client can fix; `since` (the request's start) orders the wait for a turn. */
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

export async function removeImages(storage: MediaStorage, images: StoredImage[]): Promise<void> {
  await storage.remove(images.flatMap((image) => [image.key, ...image.variants.map((variant) => variant.key)]));
}

/** The API's image shape (docs/api.md §2), with absolute URLs. */
export function imageJson(image: StoredImage, links: MediaLinks) {
  return {
    url: links.url(image.key),
    width: image.width,
    height: image.height,
    variants: image.variants.map((variant) => ({ width: variant.width, url: links.url(variant.key), type: variant.type })),
    dominant_color: image.dominantColor ?? null,
  };
}

/** A product's stored photos, cover first: what deleting it removes (SQL has the view product_images). */
export function productImages(product: { image: StoredImage; photos: StoredImage[] }): StoredImage[] {
  return [product.image, ...product.photos];
}
