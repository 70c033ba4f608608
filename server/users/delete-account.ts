import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { mailOutbox, moderationActions, products, ratings, type StoredImage, shops, threads, users } from '#server/db/schema.ts';
import { productImages } from '#server/media/images.ts';

export type DeletedAccount = { images: StoredImage[]; hiddenShops: boolean };

/**
 * Deletes one account in one transaction (decision 079): its shops with their products, its ratings, saved
 * shops, sign-ins and queued mail. Its threads stay for the other side with the deleted side's columns null;
 * the moderators' log keeps its actions without the person. Undefined when the password hash is no longer
 * `passwordHash`, so a password changed meanwhile deletes nothing. The photos are the caller's to remove
 * once this commits.
 */
export async function deleteAccount(db: Db, userId: string, passwordHash: string): Promise<DeletedAccount | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.passwordHash, passwordHash)))
      .for('update');
    if (!user) return undefined;
    const ownShops = tx.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, userId));
    // A review's log names its shop too: without this it would read as the shop's own log once the review is gone.
    await tx
      .update(moderationActions)
      .set({ shopId: null })
      .where(inArray(moderationActions.ratingId, tx.select({ id: ratings.id }).from(ratings).where(eq(ratings.userId, userId))));
    const goneProducts = await tx.delete(products).where(inArray(products.shopId, ownShops)).returning({ image: products.image, photos: products.photos });
    // Hidden shops go too: their reports go with them, the log stays without the shop.
    const goneShops = await tx.delete(shops).where(eq(shops.ownerId, userId)).returning({ image: shops.image, hiddenAt: shops.hiddenAt });
    await tx.delete(mailOutbox).where(or(eq(mailOutbox.recipient, userId), sql`lower(${mailOutbox.recipient}) = ${user.email.toLowerCase()}`));
    // Sign-ins, ratings, saved shops and reports go by cascade; threads, messages, ads and the log keep a null.
    await tx.delete(users).where(eq(users.id, userId));
    // A thread both of whose sides are gone has no one left to read it.
    await tx.delete(threads).where(and(isNull(threads.shopId), isNull(threads.buyerId)));
    return {
      images: [...goneShops.map((shop) => shop.image), ...goneProducts.flatMap(productImages)],
      hiddenShops: goneShops.some((shop) => shop.hiddenAt !== null),
    };
  });
}
