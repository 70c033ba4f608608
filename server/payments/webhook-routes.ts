import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '#rules/messages.ts';
import { detailError } from '#server/errors.ts';
import { activateAd, paysForAdPlan } from './activate-ad';
import { paystackTransactionSchema } from './paystack-client';
import { hasPaystackSignature } from './signature';

const chargeSuccessSchema = z.object({ event: z.literal('charge.success'), data: paystackTransactionSchema });

/** For the log, only when it is a short plain string. */
function referenceIn(event: unknown): string | undefined {
  const reference = (event as { data?: { reference?: unknown } } | null)?.data?.reference;
  return typeof reference === 'string' && reference.length <= 200 ? reference : undefined;
}

/** The signature covers Paystack's exact bytes, so the raw body is checked before anything is parsed. */
export const webhookRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const secretKey = app.config.paystack.secretKey;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/ads/payment/webhook',
    {
      schema: {
        tags: ['ads'],
        summary: 'Paystack events (ext): charge.success grants the ad month, once',
        description: 'Signed with `x-paystack-signature` (HMAC-SHA512 of the raw body with the secret key). Other events are acknowledged and ignored.',
        response: { 200: z.object({ received: z.boolean() }), 400: z.object({ detail: z.string() }), 401: z.object({ detail: z.string() }) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!hasPaystackSignature(raw, request.headers['x-paystack-signature'], secretKey)) {
        throw detailError(401, MSG.webhookSignatureInvalid);
      }
      let event: unknown;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw detailError(400, 'JSON parse error - the request body is not valid JSON.');
      }
      if ((event as { event?: unknown } | null)?.event !== 'charge.success') return { received: true };
      // Answered 200, or Paystack would send it again for days; logged by reference alone (it carries payer details).
      const charge = chargeSuccessSchema.safeParse(event);
      if (!charge.success) {
        const unread = charge.error.issues.map((issue) => issue.path.join('.'));
        request.log.warn({ reference: referenceIn(event), unread }, 'Paystack charge.success we cannot read');
        return { received: true };
      }
      const payment = charge.data.data;
      if (payment.status !== 'success') {
        request.log.warn({ reference: payment.reference, status: payment.status }, 'Paystack charge.success for a transaction that did not succeed');
        return { received: true };
      }
      if (!paysForAdPlan(payment)) {
        request.log.warn({ reference: payment.reference, amount: payment.amount, currency: payment.currency }, 'charge does not pay for the ad plan');
        return { received: true };
      }
      const ad = await activateAd(app.db, payment, app.clock());
      if (!ad) request.log.warn({ reference: payment.reference }, 'charge for a reference that is not ours');
      return { received: true };
    },
  );
};
