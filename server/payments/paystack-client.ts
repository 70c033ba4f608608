import type { FastifyInstance } from 'fastify';
import { Agent, request } from 'undici';
import { z } from 'zod';
import { ownOrigin } from './own-origin';

/** Longer means Paystack is down, and the shopper should hear so before the site gives up on this API. */
const TIMEOUT_MS = 15_000;

/** Not asked (no answer, or a 5xx from something in front of it) or refused; routes answer it with a 502. */
export class PaystackError extends Error {
  readonly paystackMessage: string | undefined;

  constructor(
    message: string,
    readonly reachable: boolean,
    options?: { cause?: unknown; paystackMessage?: string },
  ) {
    super(message, options);
    this.name = 'PaystackError';
    this.paystackMessage = options?.paystackMessage;
  }
}

export const paystackTransactionSchema = z.looseObject({
  status: z.string(),
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  paid_at: z.string().nullish(),
  gateway_response: z.string().nullish(),
});
export type PaystackTransaction = z.infer<typeof paystackTransactionSchema>;

const initializeDataSchema = z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() });
type InitializedTransaction = z.infer<typeof initializeDataSchema>;

type InitializeInput = {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, string>;
};

export type PaystackClient = {
  initialize(input: InitializeInput): Promise<InitializedTransaction>;
  verify(reference: string): Promise<PaystackTransaction>;
  close(): Promise<void>;
};

/** `data` is left out of errors. */
const envelopeSchema = z.object({ status: z.boolean(), message: z.string().optional(), data: z.unknown().optional() });

/** Paystack's message as a person may read it: one line, and short. */
const PAYSTACK_MESSAGE_MAX = 200;
const oneLine = (message: string | undefined) => message?.replace(/\s+/g, ' ').trim().slice(0, PAYSTACK_MESSAGE_MAX) || undefined;

function envelopeOf(text: string): z.infer<typeof envelopeSchema> | undefined {
  try {
    const envelope = envelopeSchema.safeParse(JSON.parse(text));
    return envelope.success ? envelope.data : undefined;
  } catch {
    return undefined;
  }
}

/** For real Paystack and the simulator alike: only `baseUrl` and `secretKey` differ. */
export function createPaystackClient(options: { secretKey: string; baseUrl: () => string; timeoutMs?: number }): PaystackClient {
  const timeout = options.timeoutMs ?? TIMEOUT_MS;
  const agent = new Agent({ keepAliveTimeout: 30_000, connectTimeout: timeout, headersTimeout: timeout, bodyTimeout: timeout });

  async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, dataSchema: z.ZodType<T>): Promise<T> {
    let statusCode: number;
    let text: string;
    try {
      const response = await request(`${options.baseUrl()}${path}`, {
        method,
        dispatcher: agent,
        signal: AbortSignal.timeout(timeout),
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      statusCode = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw new PaystackError(`Paystack ${method} ${path} failed: ${(error as Error).message}`, false, { cause: error });
    }
    const envelope = envelopeOf(text);
    const paystackMessage = oneLine(envelope?.message);
    if (statusCode >= 400 || !envelope?.status) {
      // A 5xx page without Paystack's words came from something in front of it: Paystack itself did not answer.
      if (statusCode >= 500 && !paystackMessage) throw new PaystackError(`Paystack ${method} ${path} answered ${statusCode}`, false);
      throw new PaystackError(`Paystack ${method} ${path} refused (${statusCode}): ${paystackMessage ?? 'no message'}`, true, { paystackMessage });
    }
    const data = dataSchema.safeParse(envelope.data);
    if (!data.success) throw new PaystackError(`Paystack ${method} ${path} answered an unexpected shape`, true, { cause: data.error });
    return data.data;
  }

  return {
    initialize: (input) =>
      call(
        'POST',
        '/transaction/initialize',
        {
          email: input.email,
          amount: input.amountKobo,
          currency: 'NGN',
          reference: input.reference,
          callback_url: input.callbackUrl,
          metadata: input.metadata,
        },
        initializeDataSchema,
      ),
    verify: (reference) => call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, undefined, paystackTransactionSchema),
    close: () => agent.close(),
  };
}

export function paystackFor(app: FastifyInstance): PaystackClient {
  const { secretKey, baseUrl, simulated } = app.config.paystack;
  const client = createPaystackClient({
    secretKey,
    baseUrl: () => (simulated || !baseUrl ? `${ownOrigin(app.server)}/payments/simulator` : baseUrl.replace(/\/$/, '')),
  });
  app.addHook('onClose', () => client.close());
  return client;
}
