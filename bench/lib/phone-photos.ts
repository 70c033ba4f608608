import sharp from 'sharp';
import { seededRandom } from './bulk-shops';

export const PHONE_PHOTO = { width: 1200, height: 900, minBytes: 120 * 1024, maxBytes: 200 * 1024 };

const hex = (random: () => number) =>
  `#${Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;

/** Objects in a scene: soft blobs and hard-edged boxes of random colours, some out of focus. */
function scene(random: () => number, width: number, height: number): string {
  const shapes: string[] = [];
  for (let n = 0; n < 70; n += 1) {
    const [x, y] = [random() * width, random() * height];
    // Mostly small things with a few large ones, as in a shop's shelves.
    const scale = random() ** 2 * 0.45;
    const [w, h] = [12 + random() * width * scale, 12 + random() * height * scale];
    const paint = `fill="${hex(random)}" fill-opacity="${(0.5 + random() * 0.5).toFixed(2)}"${random() < 0.35 ? ' filter="url(#soft)"' : ''}`;
    shapes.push(
      random() < 0.5
        ? `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${(w / 2).toFixed(0)}" ry="${(h / 2).toFixed(0)}" ${paint}/>`
        : `<rect x="${(x - w / 2).toFixed(0)}" y="${(y - h / 2).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" rx="${(random() * 20).toFixed(0)}" transform="rotate(${(random() * 40 - 20).toFixed(1)} ${x.toFixed(0)} ${y.toFixed(0)})" ${paint}/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="light" x2="${random().toFixed(2)}" y2="1"><stop offset="0" stop-color="${hex(random)}"/><stop offset="1" stop-color="${hex(random)}"/></linearGradient>` +
    `<filter id="soft"><feGaussianBlur stdDeviation="${(4 + random() * 10).toFixed(1)}"/></filter></defs>` +
    `<rect width="100%" height="100%" fill="url(#light)"/>${shapes.join('')}</svg>`
  );
}

/** Grey noise around mid-grey: `cell` pixels a grain, smoothed when enlarged, so it reads as texture at every scale. */
async function grain(random: () => number, width: number, height: number, cell: number, spread: number): Promise<Buffer> {
  const [w, h] = [Math.ceil(width / cell), Math.ceil(height / cell)];
  const values = Buffer.alloc(w * h);
  for (let i = 0; i < values.length; i += 1) values[i] = Math.max(0, Math.min(255, Math.round(128 + (random() + random() + random() - 1.5) * spread)));
  return sharp(values, { raw: { width: w, height: h, channels: 1 } })
    .resize(width, height, { kernel: 'cubic' })
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A photo as a phone camera makes one, the same for the same seed: objects in a lit scene, fabric-like
 * texture and sensor grain, so JPEG, WebP and AVIF cannot flatten it to a few kilobytes. The JPEG
 * quality is searched (deterministically) so the file lands between 120 and 200 KB.
 */
export async function phonePhoto(seed: number): Promise<Buffer> {
  const { width, height } = PHONE_PHOTO;
  const random = seededRandom(seed);
  const drawn = await sharp(Buffer.from(scene(random, width, height)))
    .removeAlpha()
    .png({ compressionLevel: 0 })
    .toBuffer();
  const textured = await sharp(drawn)
    .composite([
      { input: await grain(random, width, height, 4, 70), blend: 'soft-light' },
      { input: await grain(random, width, height, 1, 18), blend: 'soft-light' },
    ])
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(textured.data, { raw: { width, height, channels: textured.info.channels } });
  let [low, high] = [40, 95];
  let best: Buffer | null = null;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const jpeg = await pixels().jpeg({ quality }).toBuffer();
    if (jpeg.length > PHONE_PHOTO.maxBytes) high = quality - 1;
    else {
      best = jpeg;
      if (jpeg.length >= PHONE_PHOTO.minBytes) return jpeg;
      low = quality + 1;
    }
  }
  throw new Error(`photo ${seed}: no JPEG quality lands between 120 and 200 KB (best ${best?.length ?? 'none'} bytes)`);
}
