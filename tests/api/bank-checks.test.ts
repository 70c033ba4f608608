import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_CHECK } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { bankChecks } from '#server/db/schema.ts';
import { startFakePaystack } from './support/fake-paystack';
import { loggedWords, startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { createShop } from './support/shops';

/** The simulator's rule (README): every number not starting with 9 is OBI NGOZI ADA's at every bank. */
const ACCOUNT = '0123456789';
const GTBANK = '058';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ listen: true, keepLogs: true, env: { LOG_LEVEL: 'debug' } });
});
afterAll(() => api.close());

const check = (person: SignedUp | null, shopId: string, payload: unknown) =>
  api.app.inject({ method: 'POST', url: `/shops/${shopId}/bank-checks`, payload: payload as object, headers: person ? bearer(person.access) : {} });
const shopJson = async (id: string, query = '') => (await api.app.inject({ method: 'GET', url: `/shops/${id}${query}` })).json();

async function owner(name = 'Ngozi Fabrics') {
  const person = await signUp(api.app);
  const shop = await createShop(api.app, person.access, { name });
  return { person, shopId: shop.id as string };
}

describe('the banks', () => {
  it('are listed by name, from the simulator offline', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/banks' });
    expect(response.statusCode).toBe(200);
    const names = response.json().banks.map((bank: { name: string }) => bank.name);
    expect(names).toContain('Guaranty Trust Bank');
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
  });
});

describe('a bank name check', () => {
  it('matches the name in any order and case; the shop shows the bank, the last 4 digits and the name, and counts as verified', async () => {
    const word = `Aso${process.pid}x${Date.now().toString(36)}`;
    const { person, shopId } = await owner(`${word} Matched Fabrics`);
    const other = await owner(`${word} Other Fabrics`);
    const response = await check(person, shopId, { bank_code: GTBANK, account_number: '012 345 6789', account_name: 'ada ngozi OBI' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ bank_name: 'Guaranty Trust Bank', account_last4: '6789', account_name: 'ada ngozi OBI', matched: true });
    expect((await shopJson(shopId)).bank_match).toMatchObject({ bank_name: 'Guaranty Trust Bank', account_last4: '6789', account_name: 'ada ngozi OBI' });
    const listed = async (query: string) =>
      ((await api.app.inject({ method: 'GET', url: `/shops?q=${word}${query}` })).json().for_you as { id: string }[]).map((shop) => shop.id);
    expect((await listed('')).sort()).toEqual([shopId, other.shopId].sort());
    expect(await listed('&verified=1')).toEqual([shopId]);
  });

  it('keeps a mismatch as a result but shows nothing, and a later mismatch leaves an earlier match', async () => {
    const { person, shopId } = await owner();
    const mismatch = await check(person, shopId, { bank_code: GTBANK, account_number: ACCOUNT, account_name: 'Ada Obi' });
    expect(mismatch.statusCode).toBe(201);
    expect(mismatch.json()).toMatchObject({ matched: false, account_last4: '6789' });
    expect((await shopJson(shopId)).bank_match).toBeNull();
    expect((await check(person, shopId, { bank_code: GTBANK, account_number: ACCOUNT, account_name: 'Obi Ngozi Ada' })).json().matched).toBe(true);
    expect((await check(person, shopId, { bank_code: '044', account_number: '0000001111', account_name: 'Someone Else' })).json().matched).toBe(false);
    expect((await shopJson(shopId, '?again')).bank_match).toMatchObject({ bank_name: 'Guaranty Trust Bank', account_last4: '6789' });
  });

  it('never keeps the full account number; the owner takes their checks away with their data', async () => {
    const { person, shopId } = await owner();
    await check(person, shopId, { bank_code: GTBANK, account_number: '0246813579', account_name: 'Ada Ngozi Obi' });
    const rows = await api.database.db.select().from(bankChecks);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('0246813579');
    expect(JSON.stringify(await shopJson(shopId))).not.toContain('0246813579');
    const exported = (await api.app.inject({ method: 'GET', url: '/auth/data-export', headers: bearer(person.access) })).json();
    expect(exported.bank_checks).toEqual([expect.objectContaining({ shop_id: shopId, account_last4: '3579', matched: true })]);
    expect(JSON.stringify(exported)).not.toContain('0246813579');
  });

  it('says so on the number when the bank has no such account, and on the bank when it is not one of the list', async () => {
    const { person, shopId } = await owner();
    const unknown = await check(person, shopId, { bank_code: GTBANK, account_number: '9123456789', account_name: 'Ada Ngozi Obi' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ account_number: [MSG.bankAccountNotFound] });
    const noBank = await check(person, shopId, { bank_code: '12345', account_number: ACCOUNT, account_name: 'Ada Ngozi Obi' });
    expect(noBank.statusCode).toBe(400);
    expect(noBank.json()).toEqual({ bank_code: [MSG.bankRequired] });
  });

  it("is the owner's alone", async () => {
    const { shopId } = await owner();
    const stranger = await signUp(api.app);
    const body = { bank_code: GTBANK, account_number: ACCOUNT, account_name: 'Ada Ngozi Obi' };
    expect((await check(stranger, shopId, body)).statusCode).toBe(403);
    expect((await check(null, shopId, body)).statusCode).toBe(401);
    expect((await check(stranger, '00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
    expect((await shopJson(shopId)).bank_match).toBeNull();
  });

  it(`refuses hostile input with a 4xx, and allows ${BANK_CHECK.perAccountPerHour} checks an hour`, async () => {
    const { person, shopId } = await owner();
    for (const payload of [
      { bank_code: GTBANK, account_number: '01234', account_name: 'Ada' },
      { bank_code: GTBANK, account_number: ['0123456789'], account_name: 'Ada' },
      { bank_code: GTBANK, account_number: ACCOUNT, account_name: 'Ada\u0000Obi' },
      { bank_code: GTBANK, account_number: ACCOUNT, account_name: 'A'.repeat(BANK_CHECK.nameMax + 1) },
      { bank_code: '../bank', account_number: ACCOUNT, account_name: 'Ada' },
      { bank_code: GTBANK, account_number: ACCOUNT },
    ]) {
      expect((await check(person, shopId, payload)).statusCode).toBe(400);
    }
    expect((await check(person, shopId, { bank_code: GTBANK, account_number: ACCOUNT, account_name: 'x'.repeat(2_000) })).statusCode).toBe(413);
    const body = { bank_code: GTBANK, account_number: ACCOUNT, account_name: 'Ada Obi' };
    for (let i = 0; i < BANK_CHECK.perAccountPerHour; i++) expect((await check(person, shopId, body)).statusCode).toBe(201);
    const refused = await check(person, shopId, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(MSG.bankChecksTooMany);
  });

  it('leaves the account number out of the log', async () => {
    const { person, shopId } = await owner();
    const logged = api.logs.length;
    await check(person, shopId, { bank_code: GTBANK, account_number: '0135792468', account_name: 'Ada Ngozi Obi' });
    await check(person, shopId, { bank_code: GTBANK, account_number: '9135792468', account_name: 'Ada Ngozi Obi' });
    const lines = api.logs.slice(logged);
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toMatch(/[09]135792468/);
  });
});

describe('against Paystack as its reference documents', () => {
  const KEY = 'sk_test_bank_checks';
  let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
  let real: TestApi;
  beforeAll(async () => {
    paystack = await startFakePaystack(KEY);
    real = await startTestApi({ listen: true, keepLogs: true, env: { PAYSTACK_SECRET_KEY: KEY, PAYSTACK_BASE_URL: paystack.url } });
  });
  afterAll(async () => {
    await real.close();
    await paystack.close();
  });

  it('reads every page of banks, leaves inactive ones out, and asks once a day; resolves and refuses as Paystack does', async () => {
    const first = await real.app.inject({ method: 'GET', url: '/banks' });
    expect(first.json().banks).toEqual([
      { code: '044', name: 'Access Bank' },
      { code: '058', name: 'Guaranty Trust Bank' },
      { code: '057', name: 'Zenith Bank' },
    ]);
    const person = await signUp(real.app);
    const shop = await createShop(real.app, person.access, { name: 'Paged Banks Store' });
    paystack.accounts.set('057:1234567890', 'ADEBAYO FOLAKE');
    const post = (payload: object) => real.app.inject({ method: 'POST', url: `/shops/${shop.id}/bank-checks`, payload, headers: bearer(person.access) });
    expect((await post({ bank_code: '057', account_number: '1234567890', account_name: 'Folake Adébáyọ̀' })).json().matched).toBe(true);
    expect((await post({ bank_code: '057', account_number: '1234567891', account_name: 'Folake Adebayo' })).json()).toEqual({
      account_number: [MSG.bankAccountNotFound],
    });
    expect(paystack.bankListsServed).toBe(1);
  });

  it('a key Paystack refuses is a 502, logged without the account number', async () => {
    const person = await signUp(real.app);
    const shop = await createShop(real.app, person.access, { name: 'Rolled Key Store' });
    const logged = real.logs.length;
    paystack.secretKey = 'sk_test_rolled';
    try {
      const refused = await real.app.inject({
        method: 'POST',
        url: `/shops/${shop.id}/bank-checks`,
        payload: { bank_code: '057', account_number: '1234567890', account_name: 'Folake Adebayo' },
        headers: bearer(person.access),
      });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().detail).toBe(MSG.bankListUnavailable);
    } finally {
      paystack.secretKey = KEY;
    }
    const lines = loggedWords(real.logs.slice(logged));
    expect(lines).toContain('/bank/resolve');
    expect(lines).not.toContain('1234567890');
  });

  it('says Paystack cannot be reached when it is down and no list is kept', async () => {
    const down = await startTestApi({ env: { PAYSTACK_SECRET_KEY: KEY, PAYSTACK_BASE_URL: 'http://127.0.0.1:9' } });
    try {
      const response = await down.app.inject({ method: 'GET', url: '/banks' });
      expect(response.statusCode).toBe(502);
      expect(response.json().detail).toBe(MSG.bankListUnavailable);
    } finally {
      await down.close();
    }
  });
});
