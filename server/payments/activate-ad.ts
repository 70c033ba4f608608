import { and, eq, ne } from 'drizzle-orm';
import { paidAdPeriod } from '#rules/ad-plan.ts';
import { AD_PLAN, AD_PLAN_KOBO } from '#rules/limits.ts';
import type { Db } from '#server/db/client.ts';
import { ads, shops } from '#server/db/schema.ts';
import type { PaystackTransaction } from './paystack-client';

export type AdRow = typeof ads.$inferSelect;

/** The month is granted only for the plan's exact price; anything else was not our checkout. */
export function paysForAdPlan(payment: PaystackTransaction): boolean {
  return payment.amount === AD_PLAN_KOBO && payment.currency === AD_PLAN.currency;
}

function paidAt(payment: PaystackTransaction, now: Date): Date {
  const date = payment.paid_at ? new Date(payment.paid_at) : now;
  return Number.isNaN(date.getTime()) ? now : date;
}

/**
 * Verify and the webhook may race: only the one whose conditional UPDATE flips the ad extends the shop, and
 * the locked shop row queues two ads' months one after the other. Undefined for a reference not ours.
 */
export async function activateAd(db: Db, payment: PaystackTransaction, now: Date): Promise<AdRow | undefined> {
  return db.transaction(async (tx) => {
    const [won] = await tx
      .update(ads)
      .set({ status: 'success', paidAt: paidAt(payment, now), gatewayResponse: payment.gateway_response ?? null })
      .where(and(eq(ads.reference, payment.reference), ne(ads.status, 'success')))
      .returning();
    if (!won) {
      const [existing] = await tx.select().from(ads).where(eq(ads.reference, payment.reference)).limit(1);
      return existing;
    }
    const [shop] = await tx.select({ id: shops.id, sponsoredUntil: shops.sponsoredUntil }).from(shops).where(eq(shops.id, won.shopId)).for('update');
    // The shop was deleted while its owner paid: the payment stays on record, there is nothing to sponsor.
    if (!shop) return won;
    const period = paidAdPeriod(shop.sponsoredUntil, now);
    const [granted] = await tx.update(ads).set(period).where(eq(ads.id, won.id)).returning();
    await tx.update(shops).set({ sponsoredUntil: period.endsAt }).where(eq(shops.id, shop.id));
    return granted;
  });
}
