import { randomBytes, randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { AD_PLAN } from '#rules/limits.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { ads, type StoredImage, users } from '#server/db/schema.ts';
import { filePartOf } from '#server/media/file-part.ts';
import { storeImage } from '#server/media/images.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { type BulkRating, type BulkShop, bulkRatings, bulkShop, seededRandom } from './bulk-shops';
import { phonePhoto } from './phone-photos';

const BULK_OWNER = { username: 'bulk', email: 'bulk@kasuwa.test', phoneNumber: '+2348000000001' } as const;
/** People who rate bulk shops; a shop's raters are consecutive in this pool, so there are never two from one person. */
const RATERS = 50;

/** One transaction per batch: big enough that commits are cheap, small enough to show progress. */
const SHOPS_PER_BATCH = 2000;
/** Like the demo: a few paid shops for the sponsored row, the same number at every size so sizes compare. */
const SPONSORED_SHOPS = 10;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type BulkSeedOptions = { shops: number; productsPerShop: number; onProgress?: (done: number, total: number) => void };
export type BulkSeedSummary = { shops: number; products: number; ratings: number; ms: number };

type Batch = {
  ownerId: string;
  raterIds: string[];
  image: StoredImage;
  shops: (BulkShop & { id: string; createdAt: Date; sponsoredUntil: Date | null; ratings: BulkRating[] })[];
};

/** The bulk owner and the raters, made on the first run and found again on the next. */
async function bulkPeople(db: Db): Promise<{ ownerId: string; raterIds: string[] }> {
  const people = [
    BULK_OWNER,
    ...Array.from({ length: RATERS }, (_, n) => ({
      username: `bulk-rater-${n + 1}`,
      email: `bulk-rater-${n + 1}@kasuwa.test`,
      phoneNumber: `+2348001${String(n + 1).padStart(6, '0')}`,
    })),
  ];
  // Nobody signs in as these people; the password only has to be unguessable.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  await db
    .insert(users)
    .values(people.map((person) => ({ ...person, passwordHash })))
    .onConflictDoNothing();
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        people.map((person) => person.email),
      ),
    );
  const idOf = new Map(found.map((row) => [row.email, row.id]));
  return { ownerId: idOf.get(BULK_OWNER.email)!, raterIds: people.slice(1).map((person) => idOf.get(person.email)!) };
}

/**
 * Rows travel as one JSON parameter per statement, expanded by json_to_recordset: faster than a VALUES
 * list of thousands of parameters, which PostgreSQL must parse and bind one by one.
 *
 * The search triggers would build each shop's search text on insert and again for each of its products,
 * re-indexing it every time. They are off for the batch and the text is built once per shop at the end by
 * the same SQL function. ALTER TABLE is transactional: no other session ever sees the triggers off (it
 * does lock both tables for the batch, so run it against a database nobody is using).
 */
async function insertBatch(tx: Tx, { ownerId, raterIds, image, shops }: Batch) {
  const imageJson = JSON.stringify(image);
  const shopRows = shops.map(({ products: _products, ratings: _ratings, ...shop }) => shop);
  const productRows = shops.flatMap((shop) => shop.products.map((product) => ({ shopId: shop.id, ...product, createdAt: shop.createdAt })));
  // A day after the shop opened, an hour apart; the first rater follows from the shop's place in its batch.
  const ratingRows = shops.flatMap((shop, s) =>
    shop.ratings.map((rating, r) => ({
      shopId: shop.id,
      userId: raterIds[(s + r) % raterIds.length]!,
      ...rating,
      at: new Date(shop.createdAt.getTime() + DAY_MS + r * HOUR_MS),
    })),
  );
  const ids = JSON.stringify(shops.map((shop) => shop.id));

  await tx.execute(sql`alter table shops disable trigger shops_search_text`);
  await tx.execute(sql`alter table products disable trigger products_search_text`);
  await tx.execute(sql`alter table ratings disable trigger ratings_count_on_shop`);
  await tx.execute(sql`
    insert into shops (id, owner_id, name, address, category, description, tags, state, area, image, sponsored_until, created_at)
    select id, ${ownerId}, name, address, category, description, tags, state, area, ${imageJson}::jsonb, "sponsoredUntil", "createdAt"
    from json_to_recordset(${JSON.stringify(shopRows)}::json)
      as r(id uuid, name text, address text, category text, description text, tags text[], state text, area text,
        "sponsoredUntil" timestamptz, "createdAt" timestamptz)`);
  await tx.execute(sql`
    insert into products (shop_id, name, price, image, created_at)
    select "shopId", name, price, ${imageJson}::jsonb, "createdAt"
    from json_to_recordset(${JSON.stringify(productRows)}::json) as r("shopId" uuid, name text, price numeric, "createdAt" timestamptz)`);
  await tx.execute(sql`
    insert into ratings (shop_id, user_id, stars, review, created_at, updated_at)
    select "shopId", "userId", stars, review, at, at
    from json_to_recordset(${JSON.stringify(ratingRows)}::json) as r("shopId" uuid, "userId" uuid, stars integer, review text, at timestamptz)`);
  await tx.execute(sql`
    update shops set search_text = shop_search_text(shops)
    where id in (select value::uuid from json_array_elements_text(${ids}::json))`);
  // The stars counted once per shop; shops_rating_totals derives the count and average from them, as on every rating.
  await tx.execute(sql`
    update shops set rating_stars = counted.stars
    from (
      select shop_id, array[
        count(*) filter (where stars = 1), count(*) filter (where stars = 2), count(*) filter (where stars = 3),
        count(*) filter (where stars = 4), count(*) filter (where stars = 5)]::integer[] as stars
      from ratings where shop_id in (select value::uuid from json_array_elements_text(${ids}::json)) group by shop_id
    ) counted
    where shops.id = counted.shop_id`);
  await tx.execute(sql`alter table ratings enable trigger ratings_count_on_shop`);
  await tx.execute(sql`alter table products enable trigger products_search_text`);
  await tx.execute(sql`alter table shops enable trigger shops_search_text`);
}

async function insertAds(db: Db, ownerId: string, shopIds: string[], now: Date, endsAt: Date) {
  if (!shopIds.length) return;
  const run = now.getTime().toString(36);
  await db.insert(ads).values(
    shopIds.map((shopId, n) => ({
      shopId,
      userId: ownerId,
      reference: `bulk-${run}-${n + 1}`,
      amount: AD_PLAN.priceNaira,
      currency: AD_PLAN.currency,
      status: 'success' as const,
      paidAt: now,
      startsAt: now,
      endsAt,
    })),
  );
}

/**
 * As on a live site, few shops have passed a check: about 1 in 20 its phone, 1 in 100 its bank name and
 * 1 in 200 a stall visit within the year, each chosen by a different part of the shop's id.
 */
async function markVerifiedSellers(db: Db, now: Date) {
  const oneIn = (n: number, from: number) => sql`('x' || substr(md5(id::text), ${from}, 8))::bit(32)::int % ${n} = 0`;
  await db.execute(sql`update shops set phone_verified = true where ${oneIn(20, 1)}`);
  const match = JSON.stringify({ bankName: 'Access Bank', accountLast4: '1234', accountName: 'Bulk Owner', matchedAt: now.toISOString() });
  await db.execute(sql`update shops set bank_match = ${match}::jsonb where ${oneIn(100, 9)}`);
  await db.execute(sql`update shops set stall_visited_at = ${now.toISOString()}::timestamptz - interval '30 days' where ${oneIn(200, 17)}`);
}

/**
 * Adds `options.shops` generated shops, with products, to the bulk owner. Every row shares one stored
 * image, a phone-like photo with all its copies, so pages carry a real photo's markup: benchmarks need
 * realistic rows, not 100,000 image files (deleting one bulk shop through the API would remove that
 * shared image; the bulk data is for measuring, not for editing).
 */
export async function seedBulk(db: Db, storage: MediaStorage, options: BulkSeedOptions): Promise<BulkSeedSummary> {
  const started = performance.now();
  const { ownerId, raterIds } = await bulkPeople(db);
  const photo = await phonePhoto(options.shops);
  const image = await storeImage(storage, filePartOf(photo, { field: 'image', filename: 'bulk.jpg', mimetype: 'image/jpeg' }), 'shops');
  const random = seededRandom(options.shops);
  const extras = seededRandom(options.shops + 1);
  const now = new Date();
  const sponsoredUntil = new Date(now);
  sponsoredUntil.setUTCMonth(sponsoredUntil.getUTCMonth() + AD_PLAN.months);
  const sponsoredIds: string[] = [];
  let ratings = 0;

  for (let first = 0; first < options.shops; first += SHOPS_PER_BATCH) {
    const count = Math.min(SHOPS_PER_BATCH, options.shops - first);
    const shops = Array.from({ length: count }, (_, i) => {
      const index = first + i;
      const sponsored = index < SPONSORED_SHOPS;
      const shop = {
        ...bulkShop(random, extras, options.productsPerShop),
        ratings: bulkRatings(extras),
        id: randomUUID(),
        // A minute apart, oldest first, so "newest first" pages through them like a real history.
        createdAt: new Date(now.getTime() - (options.shops - index) * MINUTE_MS),
        sponsoredUntil: sponsored ? sponsoredUntil : null,
      };
      if (sponsored) sponsoredIds.push(shop.id);
      return shop;
    });
    ratings += shops.reduce((sum, shop) => sum + shop.ratings.length, 0);
    await db.transaction((tx) => insertBatch(tx, { ownerId, raterIds, image, shops }));
    options.onProgress?.(first + count, options.shops);
  }

  await insertAds(db, ownerId, sponsoredIds, now, sponsoredUntil);
  await markVerifiedSellers(db, now);
  // Fresh statistics, as autovacuum would gather them later; PGlite has no autovacuum at all.
  await db.execute(sql`vacuum analyze shops`);
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze ratings`);
  return { shops: options.shops, products: options.shops * options.productsPerShop, ratings, ms: Math.round(performance.now() - started) };
}
