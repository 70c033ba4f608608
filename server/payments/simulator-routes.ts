import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { request as httpRequest } from 'undici';
import { z } from 'zod';
import { preferredLanguage } from '#rules/i18n/preferred-language.ts';
import { simulatorTransactions } from '#server/db/schema.ts';
import { ownOrigin } from './own-origin';
import { paystackSignature } from './signature';
import { checkoutPage, messagePage, simulatorWords, transferPendingPage } from './simulator-pages';
import { refusal, requireSecretKey } from './simulator-refusal';

type SimulatorRow = typeof simulatorTransactions.$inferSelect;

/** A bank transfer stays `pending` until confirmed, as Paystack's transfers do for minutes. */
const OUTCOMES = {
  pay: { from: 'ongoing', status: 'success', gatewayResponse: 'Successful', title: 'simulator.paid' },
  transfer: { from: 'ongoing', status: 'pending', gatewayResponse: 'Transfer awaiting confirmation', title: 'simulator.transferSent' },
  decline: { from: 'ongoing', status: 'failed', gatewayResponse: 'Declined', title: 'simulator.declined' },
  cancel: { from: 'ongoing', status: 'abandoned', gatewayResponse: 'The transaction was cancelled', title: 'simulator.cancelled' },
  confirm: { from: 'pending', status: 'success', gatewayResponse: 'Successful', title: 'simulator.transferConfirmed' },
} as const;
type Outcome = keyof typeof OUTCOMES;

const initializeSchema = z.object({
  email: z.string().trim().min(3).max(254),
  amount: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(100)),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('NGN'),
  reference: z
    .string()
    .regex(/^[A-Za-z0-9.=-]{1,100}$/)
    .optional(),
  callback_url: z.url({ protocol: /^https?$/ }).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** Paystack's own error shape, so the one client handles the simulator exactly like the real thing. */
function transactionJson(row: SimulatorRow) {
  return {
    domain: 'test',
    status: row.status,
    reference: row.reference,
    amount: row.amountKobo,
    currency: row.currency,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    channel: 'card',
    gateway_response: row.gatewayResponse,
    metadata: row.metadata,
    customer: { email: row.email },
  };
}

/** Only a web address as the URL parser writes it, so no line breaks reach the Location header. */
function webAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function sendPage(reply: FastifyReply, statusCode: number, html: string) {
  return reply
    .code(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    .send(html);
}

/** An offline, Paystack-compatible fake (docs/api.md §5): its transaction API and hosted checkout page. */
export const simulatorRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const secretKey = app.config.paystack.secretKey;
  const hidden = { hide: true };

  // The checkout page posts a plain HTML form; only this plugin needs to read one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const keyRequired = requireSecretKey(secretKey);

  /** Like Paystack, the shop hears of a successful charge from a signed webhook, whatever the browser does next. */
  async function sendChargeSuccess(row: SimulatorRow, log: FastifyBaseLogger) {
    const body = JSON.stringify({ event: 'charge.success', data: transactionJson(row) });
    try {
      const response = await httpRequest(`${ownOrigin(app.server)}/ads/payment/webhook/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(body, secretKey) },
        body,
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      await response.body.dump();
      if (response.statusCode !== 200) log.warn({ statusCode: response.statusCode, reference: row.reference }, 'simulator webhook refused');
    } catch (error) {
      log.warn({ err: error, reference: row.reference }, 'simulator webhook not delivered');
    }
  }

  app.post('/payments/simulator/transaction/initialize', { schema: hidden, onRequest: keyRequired }, async (request) => {
    const parsed = initializeSchema.safeParse(request.body);
    if (!parsed.success) throw refusal(400, `Invalid ${parsed.error.issues[0]?.path.join('.') || 'request'}`);
    const input = parsed.data;
    const reference = input.reference ?? randomUUID();
    const accessCode = randomBytes(12).toString('base64url');
    const created = await app.db
      .insert(simulatorTransactions)
      .values({
        reference,
        accessCode,
        amountKobo: input.amount,
        currency: input.currency,
        email: input.email,
        callbackUrl: input.callback_url ?? null,
        metadata: input.metadata ?? {},
      })
      .onConflictDoNothing({ target: simulatorTransactions.reference })
      .returning({ reference: simulatorTransactions.reference });
    if (!created.length) throw refusal(400, 'Duplicate Transaction Reference');
    return {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${app.config.apiPublicUrl}/payments/simulator/checkout/${accessCode}`, access_code: accessCode, reference },
    };
  });

  app.get(
    '/payments/simulator/transaction/verify/:reference',
    { schema: { ...hidden, params: z.object({ reference: z.string() }) }, onRequest: keyRequired },
    async (request) => {
      const [row] = await app.db.select().from(simulatorTransactions).where(eq(simulatorTransactions.reference, request.params.reference)).limit(1);
      if (!row) throw refusal(400, 'Transaction reference not found');
      return { status: true, message: 'Verification successful', data: transactionJson(row) };
    },
  );

  const checkoutParams = z.object({ access_code: z.string() });

  async function findByAccessCode(accessCode: string) {
    const [row] = await app.db.select().from(simulatorTransactions).where(eq(simulatorTransactions.accessCode, accessCode)).limit(1);
    return row;
  }

  const wordsFor = (request: FastifyRequest) => simulatorWords(preferredLanguage(request.headers['accept-language']));

  function unavailablePage(request: FastifyRequest, reply: FastifyReply, row: SimulatorRow | undefined) {
    const words = wordsFor(request);
    const { say } = words;
    if (!row) return sendPage(reply, 404, messagePage(words, say('simulator.notFoundTitle'), say('simulator.notFound')));
    return sendPage(reply, 409, messagePage(words, say('simulator.endedTitle'), say('simulator.ended', { response: row.gatewayResponse })));
  }

  app.get('/payments/simulator/checkout/:access_code', { schema: { ...hidden, params: checkoutParams } }, async (request, reply) => {
    const row = await findByAccessCode(request.params.access_code);
    if (row?.status === 'ongoing') return sendPage(reply, 200, checkoutPage(wordsFor(request), row));
    if (row?.status === 'pending') return sendPage(reply, 200, transferPendingPage(wordsFor(request), row));
    return unavailablePage(request, reply, row);
  });

  app.post('/payments/simulator/checkout/:access_code', { schema: { ...hidden, params: checkoutParams } }, async (request, reply) => {
    const chosen = (request.body as Record<string, unknown> | undefined)?.outcome;
    const words = wordsFor(request);
    const { say } = words;
    if (typeof chosen !== 'string' || !Object.hasOwn(OUTCOMES, chosen)) {
      return sendPage(reply, 400, messagePage(words, say('simulator.chooseTitle'), say('simulator.choose')));
    }
    const outcome = OUTCOMES[chosen as Outcome];
    const paid = outcome.status === 'success';
    // Only a transaction in the button's state changes, so a double click or a second tab cannot pay twice.
    const [row] = await app.db
      .update(simulatorTransactions)
      .set({ status: outcome.status, gatewayResponse: outcome.gatewayResponse, paidAt: paid ? new Date() : null })
      .where(and(eq(simulatorTransactions.accessCode, request.params.access_code), eq(simulatorTransactions.status, outcome.from)))
      .returning();
    if (!row) return unavailablePage(request, reply, await findByAccessCode(request.params.access_code));
    if (paid) await sendChargeSuccess(row, request.log);
    // Like Paystack, Cancel goes to the shop's `cancel_action` when it gave one, never to the callback.
    if (chosen === 'cancel') {
      const cancelAction = webAddress(row.metadata.cancel_action);
      if (!cancelAction) return sendPage(reply, 200, messagePage(words, say(outcome.title), say('simulator.close')));
      return reply.code(303).header('location', cancelAction).send();
    }
    if (!row.callbackUrl) return sendPage(reply, 200, messagePage(words, say(outcome.title), say('simulator.close')));
    const callback = new URL(row.callbackUrl);
    callback.searchParams.set('trxref', row.reference);
    callback.searchParams.set('reference', row.reference);
    return reply.code(303).header('location', callback.toString()).send();
  });
};
