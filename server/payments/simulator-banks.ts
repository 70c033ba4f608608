import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusal, requireSecretKey } from './simulator-refusal';

/** A few of Nigeria's banks with Paystack's codes for them: enough to choose from offline. */
const SIMULATED_BANKS = [
  { name: 'Access Bank', code: '044' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Moniepoint MFB', code: '50515' },
  { name: 'OPay Digital Services Limited (OPay)', code: '999992' },
  { name: 'PalmPay', code: '999991' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Wema Bank', code: '035' },
  { name: 'Zenith Bank', code: '057' },
];

/** The simulator's one account holder (README): every number not starting with 9 is theirs at every bank. */
const SIMULATED_ACCOUNT_NAME = 'OBI NGOZI ADA';

/** Paystack's `/bank` and `/bank/resolve`, offline, under the simulator's prefix (docs/api.md §5). */
export const simulatorBankRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const secretKey = app.config.paystack.secretKey;
  const hidden = { hide: true };

  const keyRequired = requireSecretKey(secretKey);

  app.get('/payments/simulator/bank', { schema: hidden, onRequest: keyRequired }, async () => ({
    status: true,
    message: 'Banks retrieved',
    data: SIMULATED_BANKS.map((bank, index) => ({ id: index + 1, ...bank, slug: bank.code, country: 'Nigeria', currency: 'NGN', type: 'nuban', active: true })),
    meta: { next: null, previous: null, perPage: 100 },
  }));

  const resolveQuery = z.object({ account_number: z.string().optional(), bank_code: z.string().optional() });

  app.get('/payments/simulator/bank/resolve', { schema: { ...hidden, querystring: resolveQuery }, onRequest: keyRequired }, async (request) => {
    const { account_number: number = '', bank_code: code } = request.query;
    const bank = SIMULATED_BANKS.find((known) => known.code === code);
    if (!bank) throw refusal(422, 'Unknown bank code');
    if (!/^\d{10}$/.test(number) || number.startsWith('9')) throw refusal(422, 'Could not resolve account name. Check parameters or try again.');
    return {
      status: true,
      message: 'Account number resolved',
      data: { account_number: number, account_name: SIMULATED_ACCOUNT_NAME, bank_id: SIMULATED_BANKS.indexOf(bank) + 1 },
    };
  });
};
