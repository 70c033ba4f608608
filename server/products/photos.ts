import { PRODUCT_PHOTOS_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import type { StoredImage } from '#server/db/schema.ts';
import type { StoredOrRejected } from '#server/media/upload-batch.ts';

export type PhotoChange = { changed: boolean; kept: StoredImage[]; removed: StoredImage[] } | { errors: string[] };

/** Removals first, then additions after the others (docs/product.md §5); `unplaced` files were too many to store. */
export function changedPhotos(current: StoredImage[], remove: string[], added: StoredOrRejected[], unplaced: number): PhotoChange {
  const rejected = added.flatMap((photo) => ('rejected' in photo ? [photo.rejected] : []));
  if (rejected.length) return { errors: rejected };
  // Only the product's own: a key from elsewhere must never delete another product's file.
  if (remove.some((key) => !current.some((photo) => photo.key === key))) return { errors: [MSG.productPhotoUnknown] };
  const removed = current.filter((photo) => remove.includes(photo.key));
  const kept = [...current.filter((photo) => !remove.includes(photo.key)), ...added.flatMap((photo) => ('image' in photo ? [photo.image] : []))];
  if (1 + kept.length + unplaced > PRODUCT_PHOTOS_MAX) return { errors: [MSG.productPhotosTooMany] };
  return { changed: removed.length > 0 || added.length > 0, kept, removed };
}
