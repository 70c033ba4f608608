import type { FastifyBaseLogger } from 'fastify';
import type { StoredImage } from '#server/db/schema.ts';
import type { FilePart } from './file-part';
import { ImageRejected, removeImages, storeImage } from './images';
import type { MediaStorage } from './media-storage';

export type StoredOrRejected = { image: StoredImage } | { rejected: string };

/** Images stored while the body streams; a failed request `discard`s them, leaving no orphan files. */
export class UploadBatch {
  private stored: StoredImage[] = [];
  private readonly since = performance.now();

  constructor(
    private readonly storage: MediaStorage,
    private readonly folder: 'shops' | 'products',
  ) {}

  async store(file: FilePart): Promise<StoredOrRejected> {
    try {
      const image = await storeImage(this.storage, file, this.folder, this.since);
      this.stored.push(image);
      return { image };
    } catch (error) {
      if (error instanceof ImageRejected) return { rejected: error.message };
      throw error;
    }
  }

  /** From now on the images are the rows' own, never discarded. */
  committed(): void {
    this.stored = [];
  }

  async discard(): Promise<void> {
    const stored = this.stored;
    this.stored = [];
    await removeImages(this.storage, stored);
  }
}

/** The change has happened, so a storage failure is logged rather than shown to the owner. */
export async function removeAfterCommit(storage: MediaStorage, images: StoredImage[], log: FastifyBaseLogger): Promise<void> {
  try {
    await removeImages(storage, images);
  } catch (error) {
    log.error({ err: error, keys: images.map((image) => image.key) }, 'could not remove replaced images');
  }
}
