import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '#rules/messages.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { products, ratings, shops } from '#server/db/schema.ts';
import { detailError, forbidden, notFound } from '#server/errors.ts';
import { isId } from '#server/ids.ts';
import { listed } from './queries';

/** The shop when `userId` owns it: 404 when there is no such shop, 403 when it is someone else's. */
export async function ownedShop(db: Db | Tx, shopId: string, userId: string) {
  if (!isId(shopId)) throw notFound();
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  if (!shop) throw notFound();
  if (shop.ownerId !== userId) throw forbidden();
  return shop;
}

export async function ownedProduct(db: Db | Tx, productId: string, userId: string) {
  if (!isId(productId)) throw notFound();
  const [row] = await db
    .select({ product: products, ownerId: shops.ownerId })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) throw notFound();
  if (row.ownerId !== userId) throw forbidden();
  return row.product;
}

/** A hidden shop only to its owner; a missing or bad token is simply not the owner. */
export async function shownTo(app: FastifyInstance, request: FastifyRequest, shop: { hiddenAt: Date | null; ownerId: string }): Promise<boolean> {
  if (!shop.hiddenAt) return true;
  if (!request.headers.authorization) return false;
  await app.authenticate(request).catch(() => {});
  return request.user?.id === shop.ownerId;
}

/** A shop everyone may see, with its owner and name: 404 when there is none or a moderator hid it. */
export async function listedShop(db: Db | Tx, shopId: string) {
  if (!isId(shopId)) throw notFound();
  const [shop] = await db
    .select({ ownerId: shops.ownerId, name: shops.name })
    .from(shops)
    .where(and(eq(shops.id, shopId), listed))
    .limit(1);
  if (!shop) throw notFound();
  return shop;
}

/** 404 in the reviews' words unless `ratingId` is a review of `shopId` that a moderator has not hidden. */
export async function requireShownReview(db: Db | Tx, shopId: string, ratingId: string) {
  const [review] = isId(ratingId)
    ? await db
        .select({ id: ratings.id })
        .from(ratings)
        .where(and(eq(ratings.id, ratingId), eq(ratings.shopId, shopId), isNull(ratings.hiddenAt)))
        .limit(1)
    : [];
  if (!review) throw detailError(404, MSG.reviewNotFound);
}
