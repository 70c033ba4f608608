import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, type StoredImage, shops } from '#server/db/schema.ts';
import { backfillImages } from '#server/media/backfill.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, multipart, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop, pngPart } from './support/shops';

let api: TestApi;
let owner: SignedUp;
beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
});
afterAll(() => api.close());

type ImageAnswer = { variants: { width: number; url: string; type: string }[]; dominant_color: string | null };

/** A shop whose photo is stored as before AVIF copies and colours: WebP at 320, 640 and 1024 px, nothing else on disk. */
async function shopWithOldPhoto(name: string): Promise<{ id: string; image: StoredImage }> {
  const shop = await createShop(api.app, owner.access, { name });
  const [row] = await api.database.db.select({ image: shops.image }).from(shops).where(eq(shops.id, shop.id));
  const { dominantColor: _colour, ...current } = row!.image;
  const kept = current.variants.filter((variant) => variant.type === 'image/webp' && [320, 640, 1024].includes(variant.width));
  await api.app.storage.remove(current.variants.filter((variant) => !kept.includes(variant)).map((variant) => variant.key));
  const image: StoredImage = { ...current, variants: kept };
  await api.database.db.update(shops).set({ image }).where(eq(shops.id, shop.id));
  return { id: shop.id, image };
}

async function stored(key: string): Promise<Buffer | null> {
  const file = await api.app.storage.open(key);
  return file && buffer(file.stream);
}

describe('giving older photos AVIF copies and a colour (npm run media:backfill)', () => {
  it('adds every copy a new upload gets and the colour, and keeps the WebP copies browsers may already hold', async () => {
    const shop = await shopWithOldPhoto('Older Photo Stores');
    const before = await stored(shop.image.variants[0]!.key);

    expect(await backfillImages(api.database.db, api.app.storage)).toEqual({ images: 1, failed: 0 });

    const image = (await api.app.inject({ method: 'GET', url: `/shops/${shop.id}` })).json().image as ImageAnswer;
    expect(image.variants.map((variant) => `${variant.type} ${variant.width}`)).toEqual(
      [320, 400, 640, 800, 1024].flatMap((width) => [`image/avif ${width}`, `image/webp ${width}`]),
    );
    expect(image.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const variant of image.variants) {
      const data = await stored(new URL(variant.url).pathname.replace('/media/', ''));
      expect((await sharp(data!).metadata()).width, variant.url).toBe(variant.width);
    }
    expect((await stored(shop.image.variants[0]!.key))!.equals(before!)).toBe(true);
  });

  it('finds nothing left to do when run again', async () => {
    expect(await backfillImages(api.database.db, api.app.storage)).toEqual({ images: 0, failed: 0 });
  });

  it('reports a photo whose file is gone once, and leaves its row as it was', async () => {
    const shop = await shopWithOldPhoto('Missing Photo Stores');
    await api.app.storage.remove([shop.image.key]);

    expect(await backfillImages(api.database.db, api.app.storage)).toEqual({ images: 0, failed: 1 });
    const [row] = await api.database.db.select({ image: shops.image }).from(shops).where(eq(shops.id, shop.id));
    expect(row!.image).toEqual(shop.image);
  });
});

describe("a product's more photos", () => {
  it('gets its older photo the copies and colour in its place, leaving the cover and the other photos alone', async () => {
    const shop = await createShop(api.app, owner.access, { name: 'Photo Row Stores' });
    const [product] = (await addProducts(api.app, owner.access, shop.id, [{ name: 'Kente', price: 12000 }])).json();
    const body = await multipart({}, [await pngPart('photos'), await pngPart('photos')]);
    const edited = await api.app.inject({
      method: 'PUT',
      url: `/shops/products/${product.id}/update/`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner.access) },
    });
    expect(edited.statusCode).toBe(200);
    const [row] = await api.database.db.select().from(products).where(eq(products.id, product.id));
    const [first, second] = row!.photos;
    const { dominantColor: _colour, ...current } = second!;
    const old: StoredImage = { ...current, variants: current.variants.filter((variant) => variant.type === 'image/webp') };
    await api.database.db
      .update(products)
      .set({ photos: [first!, old] })
      .where(eq(products.id, product.id));

    expect((await backfillImages(api.database.db, api.app.storage)).images).toBe(1);
    const [after] = await api.database.db.select().from(products).where(eq(products.id, product.id));
    expect(after!.image).toEqual(row!.image);
    expect(after!.photos).toEqual([first, { ...old, variants: expect.arrayContaining(second!.variants), dominantColor: expect.stringMatching(/^#/) }]);
  });
});
