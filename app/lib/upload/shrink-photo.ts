/** The provider stores nothing larger, so pixels dropped here would only have cost the owner data. */
export const PHOTO_LONG_SIDE = 1600;
const PHOTO_JPEG_QUALITY = 0.82;

export function fitWithin(width: number, height: number, longSide: number): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'photo'}.jpg`;
}

type Decoded = { source: CanvasImageSource; width: number; height: number; release: () => void };

// createImageBitmap turns the photo upright from its EXIF orientation; an <img> does the same where it is missing.
async function decode(file: File): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => URL.revokeObjectURL(url) };
}

async function hasPhotoSignature(file: File): Promise<boolean> {
  const head = new Uint8Array(await new Response(file.slice(0, 4)).arrayBuffer());
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47;
  return jpeg || png;
}

/** Where the browser cannot decode at all, a failed decode says nothing of the file. */
const canDecode = () => typeof createImageBitmap === 'function' || 'decode' in HTMLImageElement.prototype;

/** As chosen when re-encoding cannot make it smaller; null when no JPEG or PNG or undecodable. Transparency turns white, not black. */
export async function shrinkPhoto(file: File): Promise<File | null> {
  if (!(await hasPhotoSignature(file))) return null;
  let decoded: Decoded | undefined;
  const canvas = document.createElement('canvas');
  try {
    try {
      decoded = await decode(file);
    } catch {
      return canDecode() ? null : file;
    }
    const size = fitWithin(decoded.width, decoded.height, PHOTO_LONG_SIDE);
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context || typeof canvas.toBlob !== 'function') return file;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(decoded.source, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_JPEG_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    decoded?.release();
    // Old phones keep a canvas's pixels until it is resized.
    canvas.width = 0;
    canvas.height = 0;
  }
}

export function canReplaceInputFiles(): boolean {
  try {
    const transfer = new DataTransfer();
    transfer.items.add(new File([''], 'probe.jpg', { type: 'image/jpeg' }));
    return transfer.files.length === 1;
  } catch {
    return false;
  }
}
