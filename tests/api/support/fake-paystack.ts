import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A transaction as Paystack's API reference shows it (verify, and the `data` of a `charge.success`
 * event): the payer's email, phone and card come along, which we must never log, and `metadata` is
 * whatever the checkout was given, or nothing at all.
 */
export function paystackTransaction(reference: string, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 302961,
    domain: 'test',
    status: 'success',
    reference,
    amount: 500000,
    message: null,
    gateway_response: 'Approved by Financial Institution',
    paid_at: new Date().toISOString(),
    created_at: new Date().toISOString(),
    channel: 'card',
    currency: 'NGN',
    ip_address: '41.242.49.37',
    log: null,
    fees: 7500,
    customer: {
      id: 68324,
      first_name: 'Adaeze',
      last_name: 'Okafor',
      email: 'adaeze.payer@example.ng',
      customer_code: 'CUS_qo38as2hpsgk2r0',
      phone: '+2348031234567',
      metadata: null,
      risk_action: 'default',
    },
    authorization: {
      authorization_code: 'AUTH_f5rnfq9p',
      bin: '539983',
      last4: '8877',
      exp_month: '08',
      exp_year: '2030',
      card_type: 'mastercard DEBIT',
      bank: 'Guaranty Trust Bank',
      country_code: 'NG',
      brand: 'mastercard',
      account_name: 'Adaeze Okafor',
    },
    plan: null,
    ...changes,
  };
}

/** What of a transaction must never reach our log. */
export const PAYER_DETAILS = ['adaeze.payer@example.ng', '+2348031234567', '8031234567', '539983', '8877', 'AUTH_f5rnfq9p', 'Adaeze'];

type Answer = { status: number; body: Record<string, unknown> };

/**
 * A stand-in for api.paystack.co answering as its API reference documents: every answer is
 * `{status, message, data}`, and a refusal leaves `data` out (a key Paystack does not know is a 401
 * `{"status": false, "message": "Invalid key"}`). `secretKey` is the key Paystack holds now: set it to
 * another to play a key rolled on the dashboard.
 */
export async function startFakePaystack(secretKey: string) {
  const transactions = new Map<string, { paid: boolean }>();
  /** Account names by `bank code:account number`, for `/bank/resolve`. */
  const accounts = new Map<string, string>();
  const fake = { url: '', secretKey, transactions, accounts, bankListsServed: 0, close: async () => {} };

  function answer(request: IncomingMessage, body: string): Answer {
    if (request.headers.authorization !== `Bearer ${fake.secretKey}`) return { status: 401, body: { status: false, message: 'Invalid key' } };
    if (request.method === 'POST' && request.url === '/transaction/initialize') {
      const { reference } = JSON.parse(body) as { reference: string };
      if (transactions.has(reference)) return { status: 400, body: { status: false, message: 'Duplicate Transaction Reference' } };
      transactions.set(reference, { paid: false });
      const accessCode = randomBytes(8).toString('hex');
      return {
        status: 200,
        body: {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference },
        },
      };
    }
    const verified = /^\/transaction\/verify\/([^/]+)$/.exec(request.url ?? '');
    if (request.method === 'GET' && verified) {
      const reference = decodeURIComponent(verified[1]!);
      const transaction = transactions.get(reference);
      if (!transaction) return { status: 400, body: { status: false, message: 'Transaction reference not found' } };
      const data = paystackTransaction(
        reference,
        transaction.paid ? {} : { status: 'abandoned', gateway_response: 'The transaction was not completed', paid_at: null },
      );
      return { status: 200, body: { status: true, message: 'Verification successful', data } };
    }
    const url = new URL(request.url ?? '/', 'http://paystack.test');
    if (request.method === 'GET' && url.pathname === '/bank') return bankPage(url);
    if (request.method === 'GET' && url.pathname === '/bank/resolve') {
      const name = accounts.get(`${url.searchParams.get('bank_code')}:${url.searchParams.get('account_number')}`);
      if (!name) return { status: 422, body: { status: false, message: 'Could not resolve account name. Check parameters or try again.' } };
      return {
        status: 200,
        body: {
          status: true,
          message: 'Account number resolved',
          data: { account_number: url.searchParams.get('account_number'), account_name: name, bank_id: 9 },
        },
      };
    }
    return { status: 404, body: { status: false, message: 'Not found' } };
  }

  /** Two pages with cursor paging, as `use_cursor=true` answers; one bank on them is no longer active. */
  function bankPage(url: URL): Answer {
    const bank = (id: number, name: string, code: string, active = true) => ({
      id,
      name,
      slug: code,
      code,
      longcode: '',
      active,
      country: 'Nigeria',
      currency: 'NGN',
      type: 'nuban',
    });
    if (url.searchParams.get('use_cursor') !== 'true') return { status: 400, body: { status: false, message: 'Expected use_cursor' } };
    if (url.searchParams.get('next') === 'YmFuazoy') {
      fake.bankListsServed += 1;
      return {
        status: 200,
        body: {
          status: true,
          message: 'Banks retrieved',
          data: [bank(3, 'Access Bank', '044'), bank(4, 'Gone Bank', '999', false)],
          meta: { next: null, previous: 'YmFuazox', perPage: 100 },
        },
      };
    }
    return {
      status: 200,
      body: {
        status: true,
        message: 'Banks retrieved',
        data: [bank(1, 'Zenith Bank', '057'), bank(2, 'Guaranty Trust Bank', '058')],
        meta: { next: 'YmFuazoy', previous: null, perPage: 100 },
      },
    };
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const { status, body } = answer(request, Buffer.concat(chunks).toString('utf8'));
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return fake;
}
