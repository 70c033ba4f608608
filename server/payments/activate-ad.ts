import { and, eq, ne, sql } from 'drizzle-orm';
import { AD_PLAN, AD_PLAN_KOBO } from '../../app/lib/rules/limits';
import type { Db } from '../db/client';
import { ads, shops } from '../db/schema';
import type { PaystackTransaction } from './paystack-client';

export type AdRow = typeof ads.$inferSelect;

/** Calendar months, so a plan bought on 31 January ends on the last day of February. */
const PLAN_PERIOD = sql.raw(`interval '${AD_PLAN.months} month'`);

/** The month is granted only for the plan's exact price; anything else was not our checkout. */
export function paysForAdPlan(payment: PaystackTransaction): boolean {
  return payment.amount === AD_PLAN_KOBO && payment.currency === AD_PLAN.currency;
}

function paidAt(payment: PaystackTransaction): Date {
  const date = payment.paid_at ? new Date(payment.paid_at) : new Date();
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/**
 * Records a successful payment and grants its month, once: verify and the webhook may race, and
 * only the one whose conditional UPDATE flips the ad to success extends the shop. The shop row is
 * locked so two different ads of one shop queue their months one after the other.
 * Returns the ad as stored, or undefined for a reference that is not ours.
 */
export async function activateAd(db: Db, payment: PaystackTransaction): Promise<AdRow | undefined> {
  return db.transaction(async (tx) => {
    const [won] = await tx
      .update(ads)
      .set({ status: 'success', paidAt: paidAt(payment), gatewayResponse: payment.gateway_response ?? null })
      .where(and(eq(ads.reference, payment.reference), ne(ads.status, 'success')))
      .returning();
    if (!won) {
      const [existing] = await tx.select().from(ads).where(eq(ads.reference, payment.reference)).limit(1);
      return existing;
    }
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, won.shopId)).for('update');
    // The shop was deleted while its owner paid: the payment stays on record, there is nothing to sponsor.
    if (!shop) return won;
    // Kept in SQL so the shop's current end is carried over to the microsecond.
    const currentEnd = sql`(select ${shops.sponsoredUntil} from ${shops} where ${shops.id} = ${shop.id})`;
    const [granted] = await tx
      .update(ads)
      .set({
        startsAt: sql`greatest(now(), ${currentEnd})`,
        endsAt: sql`greatest(now(), ${currentEnd}) + ${PLAN_PERIOD}`,
      })
      .where(eq(ads.id, won.id))
      .returning();
    await tx
      .update(shops)
      .set({ sponsoredUntil: sql`(select ${ads.endsAt} from ${ads} where ${ads.id} = ${won.id})` })
      .where(eq(shops.id, shop.id));
    return granted;
  });
}
