import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AD_PLAN, AD_PLAN_KOBO } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { requiredText } from '#rules/text.ts';
import { ads, shops } from '#server/db/schema.ts';
import { ApiError, detailError, notFound } from '#server/errors.ts';
import { isId } from '#server/ids.ts';
import { type AdRow, activateAd, paysForAdPlan } from '#server/payments/activate-ad.ts';
import { adJson, adJsonSchema } from '#server/payments/ad-json.ts';
import { claimCheckout, recordCheckout } from '#server/payments/open-checkout.ts';
import { PaystackError, paystackFor } from '#server/payments/paystack-client.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { ownedShop } from '#server/shops/ownership.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());

/** The older client sends the plan price as a number; forms send it as text. Either way it must be the plan's. */
function isPlanPrice(amount: number | string): boolean {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  return /^\d+(\.0+)?$/.test(text) && Number(text) === AD_PLAN.priceNaira;
}

const initiateBody = z.object({
  shop_id: requiredText(MSG.shopIdRequired, 100),
  amount: z.union([z.number(), z.string()], { error: MSG.adAmountInvalid }).refine(isPlanPrice, { error: MSG.adAmountInvalid }),
});

const verification = z.object({
  reference: z.string(),
  status: adJsonSchema.shape.status,
  amount: z.number(),
  currency: z.string(),
  date: z.string().nullable(),
  shop_id: z.string(),
  ad: adJsonSchema,
});

/**
 * Where each of Paystack's transaction statuses leaves the shopper. `abandoned` is both a checkout never
 * paid and one cancelled; `reversed` was refunded or charged back. In-between states wait for the bank.
 */
const PAYSTACK_OUTCOME = new Map<string, 'paid' | 'pending' | 'failed' | 'abandoned'>([
  ['success', 'paid'],
  ['ongoing', 'pending'],
  ['pending', 'pending'],
  ['processing', 'pending'],
  ['queued', 'pending'],
  ['failed', 'failed'],
  ['reversed', 'failed'],
  ['abandoned', 'abandoned'],
]);

function verificationJson(ad: AdRow): z.infer<typeof verification> {
  return {
    reference: ad.reference,
    status: ad.status,
    amount: ad.amount,
    currency: ad.currency,
    date: ad.paidAt?.toISOString() ?? null,
    shop_id: ad.shopId,
    ad: adJson(ad),
  };
}

/** Its shop comes along, so the shopper can pay for it again. */
const notPaid = (detail: string, ad: AdRow) => new ApiError(400, { detail, shop_id: ad.shopId });

function verifyPageOf(webUrl: string, reference: string): string {
  return `${webUrl}/verify-transaction?reference=${encodeURIComponent(reference)}`;
}

/** A 502 in Paystack's own words when it gave some; the cause stays in the log. */
function providerFailure(error: unknown, log: FastifyBaseLogger): Error {
  if (!(error instanceof PaystackError)) return error as Error;
  log.warn({ err: error }, 'payment provider call failed');
  if (!error.reachable) return detailError(502, MSG.paymentProviderDown);
  return detailError(502, error.paystackMessage ? MSG.paymentProviderSaid(error.paystackMessage) : MSG.paymentProviderRefused);
}

export const adsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const paystack = paystackFor(app);

  /** A payment that did not go through; never overwrites a success that a webhook recorded meanwhile. */
  async function recordUnpaid(reference: string, status: 'failed' | 'abandoned', gatewayResponse: string | null) {
    await app.db
      .update(ads)
      .set({ status, gatewayResponse })
      .where(and(eq(ads.reference, reference), ne(ads.status, 'success')));
  }

  app.post(
    '/ads/payment/initiate',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['ads'],
        summary: 'Start paying for a month of ads: creates a pending ad and a Paystack checkout, or returns the unpaid one opened in the last 10 minutes',
        description: `The plan costs ${AD_PLAN.priceNaira} NGN for ${AD_PLAN.months} month; any other amount is refused.`,
        security: [{ bearer: [] }],
        body: initiateBody,
        response: {
          200: z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
          400: fieldErrors,
          401: detail,
          403: detail,
          404: detail,
          409: detail,
          502: detail,
        },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const shop = await ownedShop(app.db, request.body.shop_id, user.id);
      if (shop.hiddenAt) throw detailError(409, MSG.hiddenShopKept);
      const claim = await claimCheckout(app.db, shop.id, user.id);
      if (claim.kind === 'reuse') return claim.checkout;
      const { reference } = claim;
      try {
        const checkout = await paystack.initialize({
          email: user.email,
          amountKobo: AD_PLAN_KOBO,
          reference,
          callbackUrl: `${app.config.webUrl}/verify-transaction`,
          // Paystack's checkout sends a shopper who cancels here; without it they would stay on Paystack's page.
          metadata: { shop_id: shop.id, user_id: user.id, purpose: 'ad', cancel_action: verifyPageOf(app.config.webUrl, reference) },
        });
        const opened = { authorization_url: checkout.authorization_url, access_code: checkout.access_code, reference };
        await recordCheckout(app.db, opened);
        return opened;
      } catch (error) {
        if (error instanceof PaystackError) await recordUnpaid(reference, 'failed', error.message);
        throw providerFailure(error, request.log);
      }
    },
  );

  app.post(
    '/ads/payment/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['ads'],
        summary: 'Ask Paystack about a payment; a successful one grants the month, once',
        description: `Declined, cancelled or reversed: 400 with the gateway message (\`detail\`) and the payment's \`shop_id\`, to try again. Still in progress (Paystack's ongoing, pending, processing, queued): 200 with status "pending". A status Paystack does not document: 502.`,
        security: [{ bearer: [] }],
        body: z.object({ reference: requiredText(MSG.referenceRequired, 200) }),
        response: { 200: verification, 400: fieldErrors, 401: detail, 404: detail, 502: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const [ad] = await app.db.select().from(ads).where(eq(ads.reference, request.body.reference)).limit(1);
      // Someone else's reference is answered like an unknown one, so references cannot be probed.
      if (!ad || ad.userId !== user.id) throw detailError(404, MSG.paymentNotFound);
      if (ad.status === 'success') return verificationJson(ad);

      const payment = await paystack.verify(ad.reference).catch((error: unknown) => {
        throw providerFailure(error, request.log);
      });
      const outcome = PAYSTACK_OUTCOME.get(payment.status);
      if (!outcome) {
        // A status Paystack may add later: nothing is recorded, and the shopper is asked to check again.
        request.log.warn({ reference: ad.reference, status: payment.status }, 'unknown Paystack transaction status');
        throw detailError(502, MSG.paymentVerifyUnreachable);
      }
      if (outcome === 'paid') {
        if (!paysForAdPlan(payment)) {
          request.log.warn({ reference: ad.reference, amount: payment.amount, currency: payment.currency }, 'payment does not match the ad plan');
          await recordUnpaid(ad.reference, 'failed', MSG.paymentMismatch);
          throw notPaid(MSG.paymentMismatch, ad);
        }
        const activated = await activateAd(app.db, { ...payment, reference: ad.reference }, app.clock());
        return verificationJson(activated ?? ad);
      }
      if (outcome === 'pending') return { ...verificationJson(ad), status: 'pending' as const };
      const gatewayResponse = payment.gateway_response || MSG.paymentNotCompleted;
      await recordUnpaid(ad.reference, outcome, gatewayResponse);
      throw notPaid(gatewayResponse, ad);
    },
  );

  app.get(
    '/ads/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['ads'],
        summary: 'One of your ads; 404 for anyone else’s, as for an unknown id',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string() }),
        response: { 200: adJsonSchema, 401: detail, 404: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      if (!isId(request.params.id)) throw notFound();
      const [ad] = await app.db.select().from(ads).where(eq(ads.id, request.params.id)).limit(1);
      // Someone else's ad is answered like an unknown one, so ad ids cannot be probed.
      if (!ad || ad.userId !== user.id) throw notFound();
      return adJson(ad);
    },
  );

  app.get(
    '/ads',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['ads'],
        summary: "A shop's ad history (ext), newest first; owner only, 404 to anyone else",
        description: "A deleted shop's history stays readable by the owner who paid for it.",
        security: [{ bearer: [] }],
        querystring: z.object({ shop_id: z.string({ error: MSG.fieldRequired }) }),
        response: { 200: z.array(adJsonSchema), 400: fieldErrors, 401: detail, 404: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const shopId = request.query.shop_id;
      if (!isId(shopId)) throw notFound();
      const [shop] = await app.db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId)).limit(1);
      // Another owner's history is answered like a shop that never had ads.
      if (shop && shop.ownerId !== user.id) throw notFound();
      const history = await app.db
        .select()
        .from(ads)
        .where(shop ? eq(ads.shopId, shopId) : and(eq(ads.shopId, shopId), eq(ads.userId, user.id)))
        .orderBy(desc(ads.createdAt), desc(ads.id));
      if (!shop && !history.length) throw notFound();
      return history.map(adJson);
    },
  );
};
