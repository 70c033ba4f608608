import sharp from 'sharp';
import { MSG } from '../../app/lib/rules/messages';

/** 40 megapixels: more than any phone camera, and refused from the header, before a pixel is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Big enough for a zoomed product photo on a phone, small enough for slow, expensive data. */
const MAIN_MAX_SIZE = 1600;
/** Widths for `srcset`, so a phone downloads the smallest copy that fills its screen. */
const VARIANT_WIDTHS = [320, 640, 1024];

export type Encoded = { width: number; height: number; main: Buffer; variants: { width: number; data: Buffer }[] };
/** An upload the client must fix comes back as `rejected`, with the user-facing text from MSG. */
export type EncodeResult = { encoded: Encoded } | { rejected: string };

type Pixels = { data: Buffer; info: sharp.OutputInfo };

/**
 * Decodes the upload once into upright pixels fitted inside the main size. Starting again from pixels
 * rather than from the bytes drops every piece of metadata (EXIF, GPS, comments) by construction.
 */
async function decode(data: Buffer): Promise<Pixels | { rejected: string }> {
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
    return { rejected: message.includes('pixel limit') ? MSG.imageTooManyPixels : MSG.imageUnreadable };
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

/** A clean JPEG (no metadata, upright, at most 1600 px) and WebP copies for smaller screens. */
async function encode(data: Buffer): Promise<EncodeResult> {
  const pixels = await decode(data);
  if ('rejected' in pixels) return pixels;
  const { width, height } = pixels.info;
  // mozjpeg settings make smaller files for the same quality; a libvips built without mozjpeg ignores them.
  const main = await fromPixels(pixels).jpeg({ quality: 80, progressive: true, mozjpeg: true }).toBuffer();
  const variants = [];
  // One encode at a time: the pixels held at once stay bounded (see image-worker.ts).
  for (const variantWidth of variantWidths(width)) {
    variants.push({ width: variantWidth, data: await fromPixels(pixels).resize({ width: variantWidth }).webp({ quality: 75 }).toBuffer() });
  }
  return { encoded: { width, height, main, variants } };
}

export type Card = { width: number; height: number; background: string; svg: string };

/** A JPEG of an SVG drawing on a plain background (the demo's photos). */
function drawCard({ width, height, background, svg }: Card): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** What the image worker does (see child-worker.ts). */
export const imageTasks = { encode, drawCard };
export type ImageTasks = typeof imageTasks;
