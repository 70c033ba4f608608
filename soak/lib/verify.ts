import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '#server/db/client.ts';
import type { StoredImage } from '#server/db/schema.ts';

/** What a check found wrong; an empty list is a pass. */
export type Problems = string[];

type ImageJson = { url: string; width: number; variants: { url: string; width: number }[] };
type ProductJson = { id: string; name: string; image: ImageJson };
type ShopJson = { id: string; name: string; image: ImageJson; products?: ProductJson[] };

async function apiJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as T;
}

export async function apiLogin(apiUrl: string, username: string, password: string): Promise<string> {
  const session = await apiJson<{ token: { access: string } }>(`${apiUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: username, password }),
  });
  return session.token.access;
}

/** The shops of an account with their products, as the API reports them. */
export async function ownShops(apiUrl: string, access: string): Promise<ShopJson[]> {
  return (await apiJson<{ shops: ShopJson[] }>(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${access}` } })).shops;
}

export type ImageCheck = { images: number; files: number; problems: Problems };

/**
 * Every file of each image (the JPEG and all its WebP copies) is served by the API, decodes at the width
 * the API states, and is on disk under `mediaRoot` with the same size.
 */
export async function checkImages(images: ImageJson[], mediaRoot: string): Promise<ImageCheck> {
  const result: ImageCheck = { images: images.length, files: 0, problems: [] };
  for (const image of images) {
    for (const file of [{ url: image.url, width: image.width }, ...image.variants]) {
      result.files++;
      const key = new URL(file.url).pathname.replace(/^\/media\//, '');
      try {
        const response = await fetch(file.url, { signal: AbortSignal.timeout(30_000) });
        const data = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200) throw new Error(`answered ${response.status}`);
        const { width } = await sharp(data).metadata();
        if (width !== file.width) throw new Error(`is ${width} px wide, the API says ${file.width}`);
        const onDisk = path.join(mediaRoot, key);
        if (!existsSync(onDisk)) throw new Error('is not on disk');
        if (statSync(onDisk).size !== data.length) throw new Error('differs from the file on disk');
      } catch (error) {
        result.problems.push(`${key}: ${(error as Error).message}`);
      }
    }
  }
  return result;
}

export function imagesOf(shops: ShopJson[]): ImageJson[] {
  return shops.flatMap((shop) => [shop.image, ...(shop.products ?? []).map((product) => product.image)]);
}

export type StorageCheck = { rows: { users: number; shops: number; products: number }; keys: number; files: number; problems: Problems };

async function filesUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * The database and the media folder agree: every key a row names is a file, and every file is named by
 * a row (no orphan, no half-written `.tmp`). Reads the database directly, so the API must be stopped
 * when it is PGlite (one process at a time).
 */
export async function checkStorage(database: Pick<Database, 'db'>, mediaRoot: string): Promise<StorageCheck> {
  const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [counts] = await rows(sql`select (select count(*) from users)::int as users, (select count(*) from shops)::int as shops,
    (select count(*) from products)::int as products`);
  const images = await rows(sql`select image from shops union all select image from products`);
  const keys = new Set<string>();
  for (const { image } of images as { image: StoredImage }[]) {
    keys.add(image.key);
    for (const variant of image.variants) keys.add(variant.key);
  }
  const files = await filesUnder(mediaRoot);
  const onDisk = new Set(files);
  const problems: Problems = [];
  for (const key of keys) if (!onDisk.has(key)) problems.push(`row names ${key}, which is not on disk`);
  for (const file of files) if (!keys.has(file)) problems.push(`${file} is on disk but no row names it`);
  return { rows: counts as StorageCheck['rows'], keys: keys.size, files: files.length, problems };
}
