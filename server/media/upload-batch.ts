import type { FastifyBaseLogger } from 'fastify';
import type { StoredImage } from '#server/db/schema.ts';
import type { FilePart } from './file-part';
import { ImageRejected, removeImages, storeImage } from './images';
import type { MediaStorage } from './media-storage';

export type StoredOrRejected = { image: StoredImage } | { rejected: string };

/**
 * The images one request has stored so far. Images are stored while the body streams (so only one
 * upload sits in memory at a time); if the request then fails for any reason, `discard` removes
 * them all, so a failed request leaves no orphan files.
 */
export class UploadBatch {
  private stored: StoredImage[] = [];
  /** Images of requests that started earlier are processed first (see `storeImage`). */
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

  /** The rows naming these images are committed: from now on they are the rows' own, never discarded. */
  committed(): void {
    this.stored = [];
  }

  async discard(): Promise<void> {
    const stored = this.stored;
    this.stored = [];
    await removeImages(this.storage, stored);
  }
}

/**
 * Removes images a committed change no longer uses. The change has happened, so a storage
 * failure here is logged (with the keys, for clean-up) rather than turned into an error for the owner.
 */
export async function removeAfterCommit(storage: MediaStorage, images: StoredImage[], log: FastifyBaseLogger): Promise<void> {
  try {
    await removeImages(storage, images);
  } catch (error) {
    log.error({ err: error, keys: images.map((image) => image.key) }, 'could not remove replaced images');
  }
}
