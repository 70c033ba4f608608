import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { AD_PLAN } from '#rules/limits.ts';
import type { Db } from '#server/db/client.ts';
import { ads, shops } from '#server/db/schema.ts';
import type { AdRow } from './activate-ad';

/** A recent unpaid checkout is offered again: a double tap on Pay on a slow phone, or coming back from it. */
const REUSE_WINDOW = sql.raw(`interval '10 minutes'`);
/** A pending ad older than this without a checkout was left behind by a crash. */
const TWIN_WAIT_MS = 15_000;
const TWIN_WINDOW = sql.raw(`interval '${TWIN_WAIT_MS / 1000} seconds'`);
const TWIN_POLL_MS = 200;

export type Checkout = { authorization_url: string; access_code: string; reference: string };

export type CheckoutClaim = { kind: 'reuse'; checkout: Checkout } | { kind: 'new'; reference: string };

function checkoutOf(ad: AdRow): Checkout | undefined {
  if (!ad.authorizationUrl || !ad.accessCode) return undefined;
  return { authorization_url: ad.authorizationUrl, access_code: ad.accessCode, reference: ad.reference };
}

/** The shop row is locked so two taps arriving together cannot both create a payment. */
export async function claimCheckout(db: Db, shopId: string, userId: string): Promise<CheckoutClaim> {
  const claim = await db.transaction(async (tx) => {
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
    const [recent] = await tx
      .select()
      .from(ads)
      .where(
        and(
          eq(ads.shopId, shopId),
          eq(ads.userId, userId),
          eq(ads.status, 'pending'),
          gt(ads.createdAt, sql`now() - ${REUSE_WINDOW}`),
          or(isNotNull(ads.authorizationUrl), gt(ads.createdAt, sql`now() - ${TWIN_WINDOW}`)),
        ),
      )
      .orderBy(desc(ads.createdAt))
      .limit(1);
    if (recent) return { kind: 'twin' as const, ad: recent };
    const reference = `kasuwa-${randomUUID()}`;
    await tx.insert(ads).values({ shopId, userId, reference, amount: AD_PLAN.priceNaira, currency: AD_PLAN.currency });
    return { kind: 'new' as const, reference };
  });
  if (claim.kind === 'new') return claim;
  const ready = checkoutOf(claim.ad) ?? (await twinCheckout(db, claim.ad.reference));
  if (!ready) return claimFresh(db, shopId, userId);
  return { kind: 'reuse', checkout: ready };
}

async function claimFresh(db: Db, shopId: string, userId: string): Promise<CheckoutClaim> {
  const reference = `kasuwa-${randomUUID()}`;
  await db.insert(ads).values({ shopId, userId, reference, amount: AD_PLAN.priceNaira, currency: AD_PLAN.currency });
  return { kind: 'new', reference };
}

/** Waits while the twin request talks to Paystack; undefined when it gave up or failed. */
async function twinCheckout(db: Db, reference: string): Promise<Checkout | undefined> {
  const deadline = Date.now() + TWIN_WAIT_MS;
  while (Date.now() < deadline) {
    await sleep(TWIN_POLL_MS);
    const [ad] = await db.select().from(ads).where(eq(ads.reference, reference)).limit(1);
    if (ad?.status !== 'pending') return undefined;
    const checkout = checkoutOf(ad);
    if (checkout) return checkout;
  }
  return undefined;
}

export async function recordCheckout(db: Db, checkout: Checkout): Promise<void> {
  await db.update(ads).set({ authorizationUrl: checkout.authorization_url, accessCode: checkout.access_code }).where(eq(ads.reference, checkout.reference));
}
