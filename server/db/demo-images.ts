import { filePartOf } from '../media/file-part';
import { inImageWorker } from '../media/image-worker-client';
import { removeImages, storeImage } from '../media/images';
import type { MediaStorage } from '../media/storage';
import type { StoredImage } from './schema';

/** The drawing's own coordinates: 4:3 like a phone photo. */
const WIDTH = 800;
const HEIGHT = 600;

/**
 * Pixels stored: a shop's photo fills a phone's screen on its page, so it is wider than the 640 variant
 * and gets both; a product's shows in a grid only, where 640 is plenty. Half the pixels and one encode
 * fewer for 135 product images halves the work of a first start.
 */
const STORED_WIDTH = { shops: 800, products: 640 } as const;

/** Warm market colours; white text on each stays above 4.5:1 contrast. */
const PALETTE = ['#b45309', '#c2410c', '#b91c1c', '#9d174d', '#7c2d12', '#15803d', '#0f766e', '#a21caf', '#92400e', '#be123c'];

/** The image worker's libuv pool has 4 threads and sharp works on them; more at once would only queue. */
const CONCURRENCY = 4;

export type DemoImage = { folder: 'shops' | 'products'; colour: number; title: string; caption: string };

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Greedy word wrap; librsvg does not wrap text by itself. */
function wrap(text: string, lineLength: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= lineLength) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, maxLines);
}

/** "Mama Titi's Kitchen" → "MT": the first letters of the first two words that start with a letter. */
export function initials(name: string): string {
  const letters = name.match(/(?<![\p{L}'’])\p{L}/gu) ?? [];
  return letters.slice(0, 2).join('').toUpperCase();
}

/** Middle of the space above the caption, where the title is centred. */
const CENTRE_Y = 270;

function overlay({ title, caption }: DemoImage, width: number, height: number): string {
  const isInitials = title.length <= 3;
  const size = isInitials ? 200 : 64;
  const lines = isInitials ? [title] : wrap(title, 16, 3);
  const lineHeight = size * 1.15;
  // A baseline sits about a third of the font size below the middle of the capitals above it.
  const firstBaseline = CENTRE_Y - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  const text = (line: string, y: number, fontSize: number, weight: string) =>
    `<text x="${WIDTH / 2}" y="${y}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="${weight}" fill="#fff" text-anchor="middle">${escapeXml(line)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect x="24" y="24" width="${WIDTH - 48}" height="${HEIGHT - 48}" rx="24" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="6"/>`,
    ...lines.map((line, i) => text(line, firstBaseline + i * lineHeight, size, 'bold')),
    text(caption, HEIGHT - 90, 40, 'normal'),
    '</svg>',
  ].join('');
}

/** A JPEG card: a warm background with its title (initials or a product name) and a caption. */
export function drawDemoImage(image: DemoImage): Promise<Buffer> {
  const background = PALETTE[image.colour % PALETTE.length]!;
  const width = STORED_WIDTH[image.folder];
  const height = (width * HEIGHT) / WIDTH;
  return inImageWorker('drawCard', { width, height, background, svg: overlay(image, width, height) });
}

/**
 * Draws and stores every image, a few at a time, through the same path as uploads so each has its
 * variants. If one fails, the ones already stored are removed before the error goes on.
 */
export async function storeDemoImages(storage: MediaStorage, images: DemoImage[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  let failure: { error: unknown } | undefined;
  let next = 0;
  async function worker() {
    while (!failure && next < images.length) {
      const index = next++;
      const image = images[index]!;
      try {
        const data = await drawDemoImage(image);
        stored[index] = await storeImage(storage, filePartOf(data, { field: 'image', filename: 'demo.jpg', mimetype: 'image/jpeg' }), image.folder);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failure) {
    await removeImages(storage, stored.filter(Boolean));
    throw failure.error;
  }
  return stored;
}
