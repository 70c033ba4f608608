import type { FastifyInstance } from 'fastify';
import { Agent, request } from 'undici';
import { z } from 'zod';
import { ownOrigin } from './own-origin';

/** Longer means Paystack is down, and the shopper should hear so before the site gives up on this API. */
const TIMEOUT_MS = 15_000;

/** Not asked (no answer, or a 5xx from something in front of it) or refused; routes answer it with a 502. */
export class PaystackError extends Error {
  readonly paystackMessage: string | undefined;
  /** Paystack's status when it refused. */
  readonly statusCode: number | undefined;

  constructor(
    message: string,
    readonly reachable: boolean,
    options?: { cause?: unknown; paystackMessage?: string; statusCode?: number },
  ) {
    super(message, options);
    this.name = 'PaystackError';
    this.paystackMessage = options?.paystackMessage;
    this.statusCode = options?.statusCode;
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

const bankSchema = z.looseObject({ name: z.string(), code: z.string(), active: z.boolean().optional() });
type PaystackBank = z.infer<typeof bankSchema>;
const resolvedAccountSchema = z.looseObject({ account_name: z.string() });

/** Paystack's pages of banks come 100 at a time; far more than this means something is wrong. */
const BANK_PAGES_MAX = 10;
const bankPageSchema = z.object({ status: z.literal(true), data: z.array(bankSchema), meta: z.looseObject({ next: z.string().nullish() }).optional() });

export type PaystackClient = {
  initialize(input: InitializeInput): Promise<InitializedTransaction>;
  verify(reference: string): Promise<PaystackTransaction>;
  /** Nigeria's banks, every page of them. */
  banks(): Promise<PaystackBank[]>;
  /** The name the bank gives an account; a refusal (422) when it has no such account. */
  resolveAccount(accountNumber: string, bankCode: string): Promise<string>;
  close(): Promise<void>;
};

/** `data` is left out of errors; the rest (a list's `meta`) is kept. */
const envelopeSchema = z.looseObject({ status: z.boolean(), message: z.string().optional(), data: z.unknown().optional() });

/** Paystack's message as a person may read it: one line, and short. */
const PAYSTACK_MESSAGE_MAX = 200;
/** Long runs of digits (an account number Paystack may repeat) never reach a log or a page. */
const oneLine = (message: string | undefined) =>
  message
    ?.replace(/\d{6,}/g, '…')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, PAYSTACK_MESSAGE_MAX) || undefined;

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

  /** `shown` names the call in errors and logs in place of `path`, which may hold an account number. */
  async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, dataSchema: z.ZodType<T>, shown = path): Promise<T> {
    const envelope = await answer(method, path, body, shown);
    const data = dataSchema.safeParse(envelope.data);
    if (!data.success) throw new PaystackError(`Paystack ${method} ${shown} answered an unexpected shape`, true, { cause: data.error });
    return data.data;
  }

  async function answer(method: 'GET' | 'POST', path: string, body: unknown, shown: string): Promise<z.infer<typeof envelopeSchema>> {
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
      throw new PaystackError(`Paystack ${method} ${shown} failed: ${(error as Error).message}`, false, { cause: error });
    }
    const envelope = envelopeOf(text);
    const paystackMessage = oneLine(envelope?.message);
    if (statusCode >= 400 || !envelope?.status) {
      // A 5xx page without Paystack's words came from something in front of it: Paystack itself did not answer.
      if (statusCode >= 500 && !paystackMessage) throw new PaystackError(`Paystack ${method} ${shown} answered ${statusCode}`, false);
      throw new PaystackError(`Paystack ${method} ${shown} refused (${statusCode}): ${paystackMessage ?? 'no message'}`, true, { paystackMessage, statusCode });
    }
    return envelope;
  }

  async function banks(): Promise<PaystackBank[]> {
    const found: PaystackBank[] = [];
    let next: string | null | undefined;
    for (let page = 0; page < BANK_PAGES_MAX; page++) {
      const cursor = next ? `&next=${encodeURIComponent(next)}` : '';
      const envelope = await answer('GET', `/bank?country=nigeria&currency=NGN&use_cursor=true&perPage=100${cursor}`, undefined, '/bank');
      const parsed = bankPageSchema.safeParse(envelope);
      if (!parsed.success) throw new PaystackError('Paystack GET /bank answered an unexpected shape', true, { cause: parsed.error });
      found.push(...parsed.data.data.filter((bank) => bank.active !== false));
      next = parsed.data.meta?.next;
      if (!next) return found;
    }
    return found;
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
    banks,
    resolveAccount: async (accountNumber, bankCode) => {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const resolved = await call('GET', `/bank/resolve?${query}`, undefined, resolvedAccountSchema, '/bank/resolve');
      return resolved.account_name;
    },
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
