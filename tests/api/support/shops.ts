import type { FastifyInstance } from 'fastify';
import { jpegBuffer, pngBuffer } from '#tests/fixtures/images.ts';
import { bearer, type FilePartInput, multipart } from './requests';

let photo: Promise<Buffer> | undefined;
/** One small real JPEG, made once per test file. */
function shopPhoto(): Promise<Buffer> {
  photo ??= jpegBuffer({ width: 1200, height: 900 });
  return photo;
}

export async function jpegPart(field = 'image', filename = 'shop.jpg'): Promise<FilePartInput> {
  return { field, filename, type: 'image/jpeg', data: await shopPhoto() };
}

export async function pngPart(field = 'image', filename = 'item.png'): Promise<FilePartInput> {
  return { field, filename, type: 'image/png', data: await pngBuffer({ width: 300, height: 300 }) };
}

export const SHOP_FIELDS = {
  name: 'Mama Nkechi Kitchen',
  address: '12 Allen Avenue, Ikeja, Lagos',
  category: 'Food',
  description: 'Jollof rice, pepper soup and small chops for parties.',
};

export async function postShop(app: FastifyInstance, token: string, fields: Record<string, string> = SHOP_FIELDS, files?: FilePartInput[]) {
  const body = await multipart(fields, files ?? [await jpegPart()]);
  return app.inject({ method: 'POST', url: '/shops/', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
}

export async function createShop(
  app: FastifyInstance,
  token: string,
  fields: Partial<typeof SHOP_FIELDS> & { tags?: string; state?: string; area?: string } = {},
) {
  const response = await postShop(app, token, { ...SHOP_FIELDS, ...fields });
  if (response.statusCode !== 201) throw new Error(`create shop failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string; name: string; image_url: string; image: { variants: { url: string }[] } };
}

export async function addProducts(app: FastifyInstance, token: string, shopId: string, rows: { name: string; price: number | string }[]) {
  const images = await Promise.all(rows.map(() => pngPart('images')));
  const body = await multipart({ products: JSON.stringify(rows) }, images);
  return app.inject({
    method: 'POST',
    url: `/shops/${shopId}/products/batch-create/`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}
