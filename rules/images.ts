import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_TYPES } from './limits';
import { MSG } from './messages';

/**
 * The image rules of docs/product.md §5 on what the browser or the client claims: name, declared type, size.
 * Our forms pass `CAMERA_PHOTO_MAX_BYTES`, as the web tier shrinks a larger photo before the API sees it.
 */
export function checkImageClaims(file: { name: string; type: string; size: number }, maxBytes = IMAGE_MAX_BYTES): string | null {
  const name = file.name.toLowerCase();
  if (!IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext))) return MSG.imageExtension;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return MSG.imageType;
  if (file.size > maxBytes) return maxBytes === IMAGE_MAX_BYTES ? MSG.imageTooBig : MSG.cameraPhotoTooBig;
  if (file.size === 0) return MSG.fileEmpty;
  return null;
}
