import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { StoredImage } from '#server/db/schema.ts';
import { imageTasks } from './image-tasks';
import type { MediaStorage } from './media-storage';
import { EXTENSION } from './variants';

/**
 * Existing copies are kept (browsers may hold them for a year); a row is updated only while it still shows
 * the same photo, so an owner's new photo is never overwritten.
 */

export type BackfillResult = { images: number; failed: number };

const BATCH = 50;
const HAS_AVIF = sql`image->'variants' @> '[{"type": "image/avif"}]'::jsonb`;

/** Once each: bulk rows share one. */
async function imagesWithoutAvif(db: Db, skip: string[]): Promise<StoredImage[]> {
  const skipped = sql.param(skip);
  const { rows } = (await db.execute(sql`
    select distinct on (image->>'key') image from (
      select image from shops where not (${HAS_AVIF})
      union all
      select image from product_images where not (${HAS_AVIF})
    ) as old
    where image->>'key' <> all(${skipped}::text[])
    order by image->>'key'
    limit ${BATCH}`)) as unknown as { rows: { image: StoredImage }[] };
  return rows.map((row) => row.image);
}

async function backfillImage(db: Db, storage: MediaStorage, image: StoredImage): Promise<boolean> {
  const file = await storage.open(image.key);
  if (!file) return false;
  const result = await imageTasks.encode(await buffer(file.stream));
  if ('rejected' in result) return false;
  const folder = image.key.slice(0, image.key.lastIndexOf('/'));
  const stored = new Set(image.variants.map((variant) => variant.key));
  const variants: StoredImage['variants'] = [];
  for (const variant of result.encoded.variants) {
    const key = `${folder}/w${variant.width}.${EXTENSION[variant.type]}`;
    if (!stored.has(key)) await storage.put(key, variant.data, variant.type);
    variants.push({ width: variant.width, key, type: variant.type });
  }
  const filled = JSON.stringify({ ...image, variants, dominantColor: result.encoded.dominantColor } satisfies StoredImage);
  await db.execute(sql`update shops set image = ${filled}::jsonb where image->>'key' = ${image.key} and not (${HAS_AVIF})`);
  await db.execute(sql`update products set image = ${filled}::jsonb where image->>'key' = ${image.key} and not (${HAS_AVIF})`);
  await db.execute(sql`
    update products set photos = (
      select jsonb_agg(case when photo->>'key' = ${image.key} then ${filled}::jsonb else photo end order by place)
      from jsonb_array_elements(photos) with ordinality as listed(photo, place))
    where photos @> ${JSON.stringify([{ key: image.key }])}::jsonb`);
  return true;
}

export async function backfillImages(db: Db, storage: MediaStorage, onImage?: (key: string, done: boolean) => void): Promise<BackfillResult> {
  const failed: string[] = [];
  let images = 0;
  for (let batch = await imagesWithoutAvif(db, failed); batch.length; batch = await imagesWithoutAvif(db, failed)) {
    for (const image of batch) {
      const done = await backfillImage(db, storage, image);
      if (done) images += 1;
      else failed.push(image.key);
      onImage?.(image.key, done);
    }
  }
  return { images, failed: failed.length };
}
