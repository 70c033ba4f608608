import { filePartOf } from '#server/media/file-part.ts';
import type { Card } from '#server/media/image-tasks.ts';
import { inImageWorker } from '#server/media/image-worker-client.ts';
import { removeImages, storeImage } from '#server/media/images.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { type Drawing, demoSvg } from './demo-drawings';
import type { StoredImage } from './schema';

/** 4:3 like a phone photo. */
const WIDTH = 800;
const HEIGHT = 600;

/** A shop's photo fills a phone's screen on its page; a product's shows in a grid only. */
const STORED_WIDTH = { shops: 800, products: 640 } as const;

/** sharp works on the worker's libuv pool of 4 threads; more at once would only queue. */
const CONCURRENCY = 4;

export type DemoImage = { folder: 'shops' | 'products'; drawing: Drawing };

function demoCard({ folder, drawing }: DemoImage): Card {
  const width = STORED_WIDTH[folder];
  const height = (width * HEIGHT) / WIDTH;
  return { width, height, background: '#ffffff', svg: demoSvg(drawing, width, height) };
}

/** Through the same path as uploads, so each has its variants; on a failure the ones stored are removed. */
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
