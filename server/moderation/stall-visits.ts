import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { shops, stallVisits } from '#server/db/schema.ts';

/** Keeps the visit and dates the shop's check by it; null when there is no such shop. */
export async function recordStallVisit(db: Db, shopId: string, moderatorId: string, note: string): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const visitedAt = new Date();
    const [shop] = await tx.update(shops).set({ stallVisitedAt: visitedAt }).where(eq(shops.id, shopId)).returning({ id: shops.id });
    if (!shop) return null;
    await tx.insert(stallVisits).values({ shopId, moderatorId, note, visitedAt });
    return visitedAt;
  });
}
