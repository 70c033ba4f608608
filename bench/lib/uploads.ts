import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '#rules/limits.ts';

const PHOTO_SIZE = { width: 4000, height: 3000 };

/**
 * A 12-megapixel JPEG (a phone camera's size) between 90 % and 100 % of the upload limit. Grain makes it
 * as heavy to decode and compress as a real photo; the quality is searched until the size fits.
 */
export async function phonePhoto(): Promise<Buffer> {
  const grain = sharp({ create: { ...PHOTO_SIZE, channels: 3, background: '#7a8c5a', noise: { type: 'gaussian', mean: 128, sigma: 20 } } });
  const pixels = await grain.raw().toBuffer();
  let [low, high] = [50, 100];
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const jpeg = await sharp(pixels, { raw: { ...PHOTO_SIZE, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length > IMAGE_MAX_BYTES) high = quality - 1;
    else if (jpeg.length < IMAGE_MAX_BYTES * 0.9) low = quality + 1;
    else return jpeg;
  }
  throw new Error('could not make a photo just under the upload limit');
}

/** A small valid JPEG for the shops the owners add products to. */
export function shopPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
}

export type Owner = { username: string; password: string; access: string };

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 300)}`);
}

export async function signUpOwner(apiUrl: string, name: string): Promise<Owner> {
  const password = 'bench-secret-1';
  const response = await fetch(`${apiUrl}/auth/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${name}@example.ng`, username: name, phone_number: '08031234567', password }),
  });
  await expectStatus(response, 201, 'sign-up');
  const body = (await response.json()) as { token: { access: string } };
  return { username: name, password, access: body.token.access };
}

export async function createShop(apiUrl: string, owner: Owner, photo: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('address', '1 Marina Road, Lagos Island, Lagos');
  form.append('category', 'Electronics');
  form.append('description', 'Made by bench:uploads, which adds products with phone photos to it.');
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'shop.jpg');
  const response = await fetch(`${apiUrl}/shops/`, { method: 'POST', headers: { authorization: `Bearer ${owner.access}` }, body: form });
  await expectStatus(response, 201, 'create shop');
  return ((await response.json()) as { id: string }).id;
}

const photoFile = (photo: Buffer, n: number) => new File([new Uint8Array(photo)], `photo-${n + 1}.jpg`, { type: 'image/jpeg' });
const productName = (n: number) => `Bench product ${n + 1}`;

export type Answer = { status: number; seconds: number };

async function timed(send: () => Promise<Response>): Promise<Answer> {
  const started = performance.now();
  const response = await send();
  await response.arrayBuffer();
  return { status: response.status, seconds: Math.round((performance.now() - started) / 10) / 100 };
}

/** The batch as the web tier sends it to the API (docs/product.md §7): `products` as JSON, then one `images` part per row. */
export function batchThroughApi(apiUrl: string, owner: Owner, shopId: string, photo: Buffer, count: number): Promise<Answer> {
  const form = new FormData();
  form.set('products', JSON.stringify(Array.from({ length: count }, (_, n) => ({ name: productName(n), price: 1500 + n }))));
  for (let n = 0; n < count; n += 1) form.append('images', photoFile(photo, n));
  return timed(() =>
    fetch(`${apiUrl}/shops/${shopId}/products/batch-create/`, { method: 'POST', headers: { authorization: `Bearer ${owner.access}` }, body: form }),
  );
}

/** Signs in through the web tier's form, as a browser without JavaScript does; returns the session cookie. */
export async function webSignIn(webUrl: string, owner: Owner): Promise<string> {
  const response = await fetch(`${webUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
    body: new URLSearchParams({ username_or_email: owner.username, password: owner.password }),
    redirect: 'manual',
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (response.status >= 400 || !cookie) throw new Error(`web sign-in: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return cookie;
}

/** The add-products form posted without JavaScript (full-size photos, Conform's `products[0].name` fields). */
export function batchThroughWeb(webUrl: string, cookie: string, shopId: string, photo: Buffer, count: number): Promise<Answer> {
  const form = new FormData();
  for (let n = 0; n < count; n += 1) {
    form.set(`products[${n}].name`, productName(n));
    form.set(`products[${n}].price`, String(1500 + n));
    form.set(`products[${n}].image`, photoFile(photo, n));
  }
  return timed(() => fetch(`${webUrl}/shop/${shopId}/add-products`, { method: 'POST', headers: { cookie, origin: webUrl }, body: form, redirect: 'manual' }));
}

type ImageJson = { url: string; width: number; height: number; variants: { width: number; url: string; type: string }[] };
type ProductJson = { name: string; image: ImageJson };

export type ShopCheck = { products: number; files: number; unreadable: string[] };

/** A stored file is readable when the API serves it and it decodes to the size the product says it has. */
async function unreadable(url: string, width: number): Promise<string | null> {
  const response = await fetch(url);
  if (response.status !== 200) return `${url}: ${response.status}`;
  try {
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    return meta.width === width ? null : `${url}: ${meta.width} px wide, not ${width}`;
  } catch (error) {
    return `${url}: ${error instanceof Error ? error.message : error}`;
  }
}

/** Every product of a shop, and every file of its image (the JPEG and each variant), fetched and decoded. */
export async function checkShop(apiUrl: string, shopId: string): Promise<ShopCheck> {
  const response = await fetch(`${apiUrl}/shops/${shopId}/products`);
  await expectStatus(response, 200, 'list products');
  const products = (await response.json()) as ProductJson[];
  const files = products.flatMap((product) => [
    { url: product.image.url, width: product.image.width },
    ...product.image.variants.map((variant) => ({ url: variant.url, width: variant.width })),
  ]);
  const problems = await Promise.all(files.map((file) => unreadable(file.url, file.width)));
  return { products: products.length, files: files.length, unreadable: problems.filter((problem): problem is string => problem !== null) };
}
