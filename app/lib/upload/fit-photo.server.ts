import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '#rules/limits.ts';
import { jpegName, PHOTO_LONG_SIDE } from './shrink-photo';

/** The API's own ceiling: a photo with more pixels is refused there, so it is not decoded here either. */
const MAX_INPUT_PIXELS = 40_000_000;
const JPEG_QUALITY = 82;

/**
 * A photo over the API's 5 MB, sent by a browser without JavaScript, shrunk as the browser would have
 * shrunk it with JavaScript (docs/product.md §5). Null when it cannot be read as an image.
 */
export async function fitPhoto(file: File): Promise<File | null> {
  if (file.size <= IMAGE_MAX_BYTES) return file;
  try {
    const smaller = await sharp(Buffer.from(await file.arrayBuffer()), { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize(PHOTO_LONG_SIDE, PHOTO_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
    return new File([new Uint8Array(smaller)], jpegName(file.name), { type: 'image/jpeg' });
  } catch {
    return null;
  }
}
