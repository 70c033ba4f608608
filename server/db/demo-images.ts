import { filePartOf } from '#server/media/file-part.ts';
import type { Card } from '#server/media/image-tasks.ts';
import { inImageWorker } from '#server/media/image-worker-client.ts';
import { removeImages, storeImage } from '#server/media/images.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { type Drawing, demoSvg } from './demo-drawings';
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

/** The image worker's libuv pool has 4 threads and sharp works on them; more at once would only queue. */
const CONCURRENCY = 4;

export type DemoImage = { folder: 'shops' | 'products'; drawing: Drawing };

/** What the image worker draws for a demo image: its SVG covers the whole frame. */
function demoCard({ folder, drawing }: DemoImage): Card {
  const width = STORED_WIDTH[folder];
  const height = (width * HEIGHT) / WIDTH;
  return { width, height, background: '#ffffff', svg: demoSvg(drawing, width, height) };
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
        const data = await inImageWorker('drawCard', demoCard(image));
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
