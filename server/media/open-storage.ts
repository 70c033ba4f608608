import type { StorageSettings } from '#server/config.ts';
import { localDiskStorage } from './disk-storage';
import type { MediaStorage } from './media-storage';

/** The storage the settings name; the S3 driver (and its SDK) is loaded only when a bucket is configured. */
export async function openStorage(settings: StorageSettings): Promise<MediaStorage> {
  if (settings.kind === 'disk') return localDiskStorage(settings.root);
  const { s3Storage } = await import('./s3-storage');
  return s3Storage(settings);
}
