import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankCheckSchema } from '#rules/bank-check-schemas.ts';
import { sameAccountName } from '#rules/bank-name.ts';
import { BANK_CHECK } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { bankChecks, shops } from '#server/db/schema.ts';
import { badRequest, detailError } from '#server/errors.ts';
import { bankList } from '#server/payments/bank-list.ts';
import { PaystackError, paystackFor } from '#server/payments/paystack-client.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { ownedShop } from '#server/shops/ownership.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.array(z.string()));
/** A bank code, ten digits and a name; anything larger is refused unread. */
const BANK_BODY_MAX_BYTES = 1024;
const HOUR = 3_600_000;

const bankCheckJsonSchema = z.object({
  bank_name: z.string(),
  account_last4: z.string().describe('The last 4 digits; the full number is never kept'),
  account_name: z.string().describe('The name the owner typed'),
  matched: z.boolean().describe("Whether the bank's name for the account holds the same words, in any order, case and accents aside"),
  checked_at: z.string(),
});

/** Paystack not answering (or refusing our key) is a 502; the cause stays in the log, without the account number. */
function unreachable(error: unknown, log: FastifyBaseLogger): Error {
  if (!(error instanceof PaystackError)) return error as Error;
  log.warn({ err: error }, 'bank check: Paystack did not answer');
  return detailError(502, MSG.bankListUnavailable);
}

/** Bank name matched (docs/decisions/086-bank-name-matched.md): an owner's account at a bank is in the name they give. */
export const bankCheckRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const paystack = paystackFor(app);
  const banks = bankList(paystack);
  const checkLimit = app.personLimit('bank-check', BANK_CHECK.perAccountPerHour, HOUR, () => MSG.bankChecksTooMany);

  app.get(
    '/banks',
    {
      schema: {
        tags: ['shops'],
        summary: "Nigeria's banks an owner may name for a bank name check (ext), from Paystack's list, kept a day",
        response: { 200: z.object({ banks: z.array(z.object({ code: z.string(), name: z.string() })) }), 502: detail },
      },
    },
    async (request) => {
      try {
        return { banks: await banks.banks() };
      } catch (error) {
        throw unreachable(error, request.log);
      }
    },
  );

  app.post(
    '/shops/:id/bank-checks',
    {
      onRequest: app.authenticate,
      preHandler: checkLimit,
      bodyLimit: BANK_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['shops'],
        summary: "Check that the owner's account at a bank is in the name they give (ext); a match shows on the shop as bank_match",
        description: `Paystack names the account; the names must hold the same words in any order, case and accents aside. An account the bank does not know is a 400 on \`account_number\`; a name that differs is a 201 with \`matched: false\`, and the shop keeps its earlier match. ${BANK_CHECK.perAccountPerHour} checks an hour per account. Only the bank, the last 4 digits, the name typed, the result and the date are kept.`,
        security: [{ bearer: [] }],
        params: z.object({ id: z.string() }),
        body: bankCheckSchema,
        response: { 201: bankCheckJsonSchema, 400: fieldErrors, 401: detail, 403: detail, 404: detail, 413: detail, 429: detail, 502: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const shop = await ownedShop(app.db, request.params.id, user.id);
      const { bank_code, account_number, account_name } = request.body;
      const bank = (await banks.banks().catch((error) => Promise.reject(unreachable(error, request.log)))).find((known) => known.code === bank_code);
      if (!bank) throw badRequest({ bank_code: [MSG.bankRequired] });
      let bankName: string;
      try {
        bankName = await paystack.resolveAccount(account_number, bank.code);
      } catch (error) {
        // Paystack answers 422 (400 on older integrations) for a number its bank does not know; anything else is ours to fix.
        if (error instanceof PaystackError && (error.statusCode === 422 || error.statusCode === 400)) {
          throw badRequest({ account_number: [MSG.bankAccountNotFound] });
        }
        throw unreachable(error, request.log);
      }
      const matched = sameAccountName(bankName, account_name);
      const kept = { bankName: bank.name, accountLast4: account_number.slice(-4), accountName: account_name };
      const row = await app.db.transaction(async (tx) => {
        const [check] = await tx
          .insert(bankChecks)
          .values({ shopId: shop.id, userId: user.id, ...kept, matched })
          .returning({ checkedAt: bankChecks.checkedAt });
        if (matched)
          await tx
            .update(shops)
            .set({ bankMatch: { ...kept, matchedAt: check!.checkedAt.toISOString() } })
            .where(eq(shops.id, shop.id));
        return check!;
      });
      return reply.code(201).send({
        bank_name: kept.bankName,
        account_last4: kept.accountLast4,
        account_name: kept.accountName,
        matched,
        checked_at: row.checkedAt.toISOString(),
      });
    },
  );
};
