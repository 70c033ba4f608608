import sharp from 'sharp';
import { MSG } from '#rules/messages.ts';
import { VARIANT_TYPES, type VariantType, variantQuality, variantWidths } from './variants';

/** More than any phone camera; refused from the header, before a pixel is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
/** Big enough for a zoomed product photo on a phone, small enough for slow, expensive data. */
const MAIN_MAX_SIZE = 1600;
/** Higher efforts cost far more CPU for files barely smaller that look the same. */
const AVIF_EFFORT = 0;

type Encoded = {
  width: number;
  height: number;
  main: Buffer;
  variants: { width: number; type: VariantType; data: Buffer }[];
  dominantColor: string;
};
type EncodeResult = { encoded: Encoded } | { rejected: string };

type Pixels = { data: Buffer; info: sharp.OutputInfo };

/** Starting again from pixels drops every piece of metadata (EXIF, GPS) by construction. */
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

const hex = (channel: number) => channel.toString(16).padStart(2, '0');

async function dominantColor(pixels: Pixels): Promise<string> {
  const small = await fromPixels(pixels).resize({ width: 64, height: 64, fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  const { dominant } = await fromPixels(small).stats();
  return `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;
}

function encodeAs(image: sharp.Sharp, type: VariantType, width: number): Promise<Buffer> {
  const quality = variantQuality(type, width);
  return (type === 'image/avif' ? image.avif({ quality, effort: AVIF_EFFORT }) : image.webp({ quality })).toBuffer();
}

async function encode(data: Buffer): Promise<EncodeResult> {
  const pixels = await decode(data);
  if ('rejected' in pixels) return pixels;
  const { width, height } = pixels.info;
  // mozjpeg settings make smaller files for the same quality; a libvips built without mozjpeg ignores them.
  const main = await fromPixels(pixels).jpeg({ quality: 80, progressive: true, mozjpeg: true }).toBuffer();
  const variants: Encoded['variants'] = [];
  // One encode at a time: the pixels held at once stay bounded (see image-worker.ts).
  for (const variantWidth of variantWidths(width)) {
    const resized = await fromPixels(pixels).resize({ width: variantWidth }).raw().toBuffer({ resolveWithObject: true });
    for (const type of VARIANT_TYPES) variants.push({ width: variantWidth, type, data: await encodeAs(fromPixels(resized), type, variantWidth) });
  }
  return { encoded: { width, height, main, variants, dominantColor: await dominantColor(pixels) } };
}

export type Card = { width: number; height: number; background: string; svg: string };

function drawCard({ width, height, background, svg }: Card): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

export const imageTasks = { encode, drawCard };
export type ImageTasks = typeof imageTasks;
