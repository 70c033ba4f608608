import { randomBytes } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AD_PLAN } from '#rules/limits.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { productImages, removeImages } from '#server/media/images.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import type { Db, Tx } from './client';
import { DEMO_BUYERS, DEMO_REVIEWS, demoRatingsOf } from './demo-buyers';
import { type DemoImage, storeDemoImages } from './demo-images';
import { DEMO_OWNER } from './demo-owner';
import { DEMO_SHOPS } from './demo-shops';
import { ads, products, ratings, type StoredImage, shops, users } from './schema';

export type DemoSeedSummary = { shops: number; products: number; sponsored: number; ratings: number; images: number; ms: number };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function demoImages(): DemoImage[] {
  const shopImages = DEMO_SHOPS.map((shop, i) => ({
    folder: 'shops' as const,
    drawing: { kind: 'shop' as const, category: shop.category, name: shop.name, variety: i },
  }));
  const productImages = DEMO_SHOPS.flatMap((shop, i) =>
    shop.products.map((product, j) => ({
      folder: 'products' as const,
      drawing: { kind: 'product' as const, category: shop.category, name: product.name, variety: i + j + 1 },
    })),
  );
  return [...shopImages, ...productImages];
}

/** Found by email, so a re-seed resets the same account rather than adding one. */
async function upsertDemoOwner(tx: Tx, passwordHash: string): Promise<string> {
  const values = { username: DEMO_OWNER.username, phoneNumber: DEMO_OWNER.phoneNumber, passwordHash };
  const [updated] = await tx.update(users).set(values).where(sql`lower(${users.email}) = ${DEMO_OWNER.email}`).returning({ id: users.id });
  if (updated) return updated.id;
  const [created] = await tx
    .insert(users)
    .values({ ...values, email: DEMO_OWNER.email })
    .returning({ id: users.id });
  return created!.id;
}

/** Found by email like the owner; all share one hash of a password nobody was told. */
async function upsertDemoBuyers(tx: Tx, passwordHash: string): Promise<string[]> {
  const ids: string[] = [];
  for (const buyer of DEMO_BUYERS) {
    const values = { username: buyer.username, phoneNumber: buyer.phoneNumber, passwordHash };
    const [updated] = await tx.update(users).set(values).where(sql`lower(${users.email}) = ${buyer.email}`).returning({ id: users.id });
    const [created] = updated
      ? [updated]
      : await tx
          .insert(users)
          .values({ ...values, email: buyer.email })
          .returning({ id: users.id });
    ids.push(created!.id);
  }
  return ids;
}

async function insertDemoRatings(tx: Tx, shopIds: string[], buyerIds: string[], now: Date): Promise<number> {
  const rows = shopIds.flatMap((shopId, i) =>
    buyerIds.slice(0, demoRatingsOf(i)).map((userId, j) => {
      const [stars, review] = DEMO_REVIEWS[(i + j) % DEMO_REVIEWS.length]!;
      const at = new Date(now.getTime() - (j + 1) * DAY_MS);
      return { shopId, userId, stars, review, createdAt: at, updatedAt: at };
    }),
  );
  if (rows.length) await tx.insert(ratings).values(rows);
  return rows.length;
}

async function removeDemoShops(tx: Tx, ownerId: string): Promise<StoredImage[]> {
  const oldShops = await tx.select({ image: shops.image }).from(shops).where(eq(shops.ownerId, ownerId));
  const oldProducts = await tx
    .select({ image: products.image, photos: products.photos })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(shops.ownerId, ownerId));
  // Only ads the seed made: a month someone bought through the simulator stays in the history, as for any shop.
  await tx.delete(ads).where(and(eq(ads.userId, ownerId), like(ads.reference, 'demo-%')));
  await tx.delete(shops).where(eq(shops.ownerId, ownerId));
  return [...oldShops.map((row) => row.image), ...oldProducts.flatMap(productImages)];
}

async function insertDemoShops(tx: Tx, ownerId: string, images: StoredImage[], now: Date) {
  const endsAt = new Date(now);
  endsAt.setUTCMonth(endsAt.getUTCMonth() + AD_PLAN.months);
  // Staggered an hour apart so "newest first" lists them in the file's order, not by random id.
  const created = await tx
    .insert(shops)
    .values(
      DEMO_SHOPS.map((shop, i) => ({
        ownerId,
        name: shop.name,
        address: shop.address,
        state: shop.state,
        area: shop.area,
        phone: shop.phone,
        visitorCount: shop.visits,
        category: shop.category,
        description: shop.description,
        tags: shop.tags,
        image: images[i]!,
        sponsoredUntil: shop.sponsored ? endsAt : null,
        createdAt: new Date(now.getTime() - i * HOUR_MS),
      })),
    )
    .returning({ id: shops.id, createdAt: shops.createdAt });

  let nextImage = DEMO_SHOPS.length;
  const productRows = DEMO_SHOPS.flatMap((shop, i) =>
    shop.products.map((product, j) => ({
      shopId: created[i]!.id,
      name: product.name,
      price: product.price,
      image: images[nextImage++]!,
      createdAt: new Date(created[i]!.createdAt.getTime() + j * 1000),
    })),
  );
  await tx.insert(products).values(productRows);

  // Unique to this run, so a left-over ad of an earlier demo owner can never collide with it.
  const run = now.getTime().toString(36);
  const sponsored = created.filter((_, i) => DEMO_SHOPS[i]!.sponsored);
  if (sponsored.length) {
    await tx.insert(ads).values(
      sponsored.map((shop, n) => ({
        shopId: shop.id,
        userId: ownerId,
        reference: `demo-${run}-${n + 1}`,
        amount: AD_PLAN.priceNaira,
        currency: AD_PLAN.currency,
        status: 'success' as const,
        paidAt: now,
        startsAt: now,
        endsAt,
      })),
    );
  }
  return { shopIds: created.map((shop) => shop.id), shops: created.length, products: productRows.length, sponsored: sponsored.length };
}

/** Replaces the demo owner's shops only; images stored first are removed if the transaction fails. */
export async function seedDemo(db: Db, storage: MediaStorage): Promise<DemoSeedSummary> {
  const started = performance.now();
  const [passwordHash, buyersHash, images] = await Promise.all([
    hashPassword(DEMO_OWNER.password),
    hashPassword(randomBytes(32).toString('base64url')),
    storeDemoImages(storage, demoImages()),
  ]);
  let outcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const now = new Date();
      const ownerId = await upsertDemoOwner(tx, passwordHash);
      const buyerIds = await upsertDemoBuyers(tx, buyersHash);
      const replaced = await removeDemoShops(tx, ownerId);
      const { shopIds, ...counts } = await insertDemoShops(tx, ownerId, images, now);
      return { replaced, counts: { ...counts, ratings: await insertDemoRatings(tx, shopIds, buyerIds, now) } };
    });
  } catch (error) {
    await removeImages(storage, images);
    throw error;
  }
  await removeImages(storage, outcome.replaced);
  return { ...outcome.counts, images: images.length, ms: Math.round(performance.now() - started) };
}

export async function seedDemoIfEmpty(db: Db, storage: MediaStorage, log: FastifyBaseLogger): Promise<void> {
  const [anyShop] = await db.select({ id: shops.id }).from(shops).limit(1);
  if (anyShop) return;
  const summary = await seedDemo(db, storage);
  log.info(summary, 'seeded demo data');
}
