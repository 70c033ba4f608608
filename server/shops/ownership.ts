import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '#server/db/client.ts';
import { products, shops } from '#server/db/schema.ts';
import { forbidden, notFound } from '#server/errors.ts';
import { isId } from '#server/ids.ts';

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
