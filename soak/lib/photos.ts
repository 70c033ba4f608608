import sharp from 'sharp';

export type Photo = { name: string; data: Buffer };

/**
 * Camera-like JPEGs: a colour gradient under sensor noise, so they compress like photos rather than
 * like flat test cards. Sizes span what a phone without JavaScript sends unshrunk.
 */
export async function makePhotos(): Promise<Photo[]> {
  const sizes = [
    { width: 1024, height: 768, sigma: 12 },
    { width: 1600, height: 1200, sigma: 18 },
    { width: 3000, height: 2000, sigma: 10 },
  ];
  return Promise.all(
    sizes.map(async ({ width, height, sigma }, index) => {
      const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
        .raw()
        .toBuffer();
      const gradient = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1">` +
          `<stop offset="0" stop-color="#${(0x2a6f3c + index * 0x402010).toString(16).slice(-6)}"/><stop offset="1" stop-color="#f0c05a"/>` +
          `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
      );
      const data = await sharp(gradient)
        .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'overlay' }])
        .jpeg({ quality: 88 })
        .toBuffer();
      return { name: `photo-${width}x${height}.jpg`, data };
    }),
  );
}
