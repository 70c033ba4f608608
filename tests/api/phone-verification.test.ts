import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { phoneCodes, verifiedPhones } from '#server/db/schema.ts';
import { termiiSmsSender } from '#server/sms/termii.ts';
import { loggedWords, startTestApi, type TestApi } from './support/harness';
import { bearer, multipart, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop, postShop, SHOP_FIELDS } from './support/shops';

let api: TestApi;

beforeAll(async () => {
  // At debug, so every request's line is there to search.
  api = await startTestApi({ keepLogs: true, env: { LOG_LEVEL: 'debug' } });
});
afterAll(() => api.close());

let numbers = 0;
/** A number no other test texts, so the hourly limits of one test never reach another. */
function freshNumber(): { local: string; international: string } {
  numbers += 1;
  const national = `803${String(process.pid % 1000).padStart(3, '0')}${String(numbers).padStart(4, '0')}`;
  return { local: `0${national}`, international: `+234${national}` };
}

const post = (person: SignedUp, url: string, payload: object) => api.app.inject({ method: 'POST', url, payload, headers: bearer(person.access) });
const get = (person: SignedUp | null, url: string) => api.app.inject({ method: 'GET', url, headers: person ? bearer(person.access) : {} });
const verify = (person: SignedUp, phone: string, code: string) => post(person, '/auth/verified-phones', { phone_number: phone, code });

const outboxDir = () => path.join(api.dataDir, 'sms-outbox');
const outboxNames = async () => new Set(await readdir(outboxDir()).catch(() => [] as string[]));

/** The code of the text message sent to `international` after `before` was listed. */
async function textedCode(international: string, before: Set<string>): Promise<string> {
  const started = Date.now();
  for (;;) {
    for (const name of await outboxNames()) {
      if (before.has(name)) continue;
      const text = await readFile(path.join(outboxDir(), name), 'utf8');
      if (text.startsWith(`To: ${international}\n`)) return /\b(\d{6})\b/.exec(text)![1]!;
    }
    if (Date.now() - started > 5_000) throw new Error(`no text message to ${international}`);
    await delay(20);
  }
}

/** Asks for a code for `phone` and answers the API's answer and the code texted (when one was). */
async function askCode(person: SignedUp, phone: { local: string; international: string }) {
  const before = await outboxNames();
  const response = await post(person, '/auth/phone-codes', { phone_number: phone.local });
  const code = response.statusCode === 202 ? await textedCode(phone.international, before) : undefined;
  return { response, code: code ?? '' };
}

async function owner(shopFields: Parameters<typeof createShop>[2] & { phone?: string } = {}) {
  const phone = freshNumber();
  const person = await signUp(api.app, { phone_number: phone.local });
  const created =
    shopFields.phone === undefined
      ? await createShop(api.app, person.access, shopFields)
      : (await postShop(api.app, person.access, { ...SHOP_FIELDS, ...shopFields })).json();
  return { person, phone, shopId: created.id as string };
}

const shopVerified = async (id: string) => (await get(null, `/shops/${id}`)).json().phone_verified;

const editShop = async (person: SignedUp, id: string, fields: Record<string, string>) => {
  const body = await multipart(fields, []);
  const response = await api.app.inject({
    method: 'PUT',
    url: `/shops/${id}/update/`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(person.access) },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('verifying a number with the texted code', () => {
  it('verifies the number, and the shop calling it says phone_verified', async () => {
    const { person, phone, shopId } = await owner();
    expect(await shopVerified(shopId)).toBe(false);
    expect((await get(person, '/auth/profile')).json()).toMatchObject({ phone_verified: false });

    const { response, code } = await askCode(person, phone);
    expect(response.statusCode).toBe(202);
    const sent = response.json();
    expect(sent.phone_number).toBe(phone.international);
    const minutesLeft = (Date.parse(sent.expires_at) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(PHONE_CODE.minutes - 1);
    expect(minutesLeft).toBeLessThanOrEqual(PHONE_CODE.minutes);

    const verified = await verify(person, phone.local, code);
    expect(verified.statusCode).toBe(201);
    expect(verified.json()).toMatchObject({ phone_number: phone.international, verified_at: expect.any(String) });
    expect(await shopVerified(shopId)).toBe(true);
    const profile = (await get(person, '/auth/profile')).json();
    expect(profile).toMatchObject({ phone_verified: true });
    expect(profile.shops).toEqual([expect.objectContaining({ id: shopId, phone_verified: true })]);
    expect((await get(null, '/shops?page_size=100')).json().for_you).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: shopId, phone_verified: true })]),
    );
  });

  it('takes a code once; a verified number verifies again with a new code', async () => {
    const { person, phone } = await owner();
    const first = await askCode(person, phone);
    expect((await verify(person, phone.international, first.code)).statusCode).toBe(201);
    expect((await verify(person, phone.international, first.code)).json()).toEqual({ code: [MSG.phoneCodeExpired] });
    const second = await askCode(person, phone);
    expect((await verify(person, phone.international, second.code)).statusCode).toBe(201);
  });

  it('takes only the latest code of a number', async () => {
    const { person, phone, shopId } = await owner();
    const earlier = await askCode(person, phone);
    const later = await askCode(person, phone);
    if (earlier.code !== later.code) expect((await verify(person, phone.local, earlier.code)).statusCode).toBe(400);
    expect((await verify(person, phone.local, later.code)).statusCode).toBe(201);
    expect(await shopVerified(shopId)).toBe(true);
  });

  it('ends a code at the fifth wrong try, after which even the right code fails', async () => {
    const { person, phone, shopId } = await owner();
    const { code } = await askCode(person, phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let left = PHONE_CODE.wrongTries - 1; left > 0; left -= 1) {
      const tried = await verify(person, phone.local, wrong);
      expect(tried.statusCode).toBe(400);
      expect(tried.json()).toEqual({ code: [MSG.phoneCodeWrong(left)] });
    }
    expect((await verify(person, phone.local, wrong)).json()).toEqual({ code: [MSG.phoneCodeEnded] });
    const right = await verify(person, phone.local, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ code: [MSG.phoneCodeEnded] });
    expect(await shopVerified(shopId)).toBe(false);
  });

  it('refuses a code that has run out, or when none was sent', async () => {
    const { person, phone } = await owner();
    expect((await verify(person, phone.local, '123456')).json()).toEqual({ code: [MSG.phoneCodeExpired] });
    const { code } = await askCode(person, phone);
    await api.database.db.update(phoneCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(phoneCodes.phone, phone.international));
    const late = await verify(person, phone.local, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ code: [MSG.phoneCodeExpired] });
  });

  it('asks for the six digits when the code is missing or malformed, and counts no try', async () => {
    const { person, phone } = await owner();
    const { code } = await askCode(person, phone);
    for (const malformed of ['12345', '1234567', 'abcdef', '', 123456]) {
      const response = await post(person, '/auth/verified-phones', { phone_number: phone.local, code: malformed });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: [MSG.phoneCodeRequired] });
    }
    expect((await post(person, '/auth/verified-phones', { phone_number: phone.local })).json()).toEqual({ code: [MSG.phoneCodeRequired] });
    expect((await verify(person, 'call me', code)).json()).toEqual({ phone_number: [MSG.phoneInvalid] });
    expect((await verify(person, phone.local, code)).statusCode).toBe(201);
  });

  it('is for signed-in owners only', async () => {
    const phone = freshNumber();
    expect((await api.app.inject({ method: 'POST', url: '/auth/phone-codes', payload: { phone_number: phone.local } })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'POST', url: '/auth/verified-phones', payload: { phone_number: phone.local, code: '123456' } })).statusCode).toBe(
      401,
    );
  });
});

describe('which numbers get a code, and how often', () => {
  it("texts only the account's number or one of its shops' numbers", async () => {
    const { person } = await owner();
    const stranger = freshNumber();
    const someoneElse = await owner({ phone: freshNumber().local });
    const before = await outboxNames();
    for (const number of [stranger.local, someoneElse.phone.local, (await get(null, `/shops/${someoneElse.shopId}`)).json().owner_phone]) {
      const response = await post(person, '/auth/phone-codes', { phone_number: number });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MSG.phoneNotYours });
    }
    expect((await post(person, '/auth/phone-codes', { phone_number: 'call me' })).json()).toEqual({ phone_number: [MSG.phoneInvalid] });
    expect(await outboxNames()).toEqual(before);
  });

  it("texts a shop's own number", async () => {
    const shopPhone = freshNumber();
    const { person, shopId } = await owner({ phone: shopPhone.local });
    const { response, code } = await askCode(person, shopPhone);
    expect(response.statusCode).toBe(202);
    expect((await verify(person, shopPhone.local, code)).statusCode).toBe(201);
    expect(await shopVerified(shopId)).toBe(true);
  });

  it(`sends at most ${PHONE_CODE.perNumberPerHour} codes an hour to one number`, async () => {
    const { person, phone } = await owner();
    for (let sent = 0; sent < PHONE_CODE.perNumberPerHour; sent += 1) expect((await askCode(person, phone)).response.statusCode).toBe(202);
    const refused = await post(person, '/auth/phone-codes', { phone_number: phone.local });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: MSG.phoneCodesTooMany });
    // An hour on, the number may be texted again.
    await api.database.db.update(phoneCodes).set({ createdAt: sql`now() - interval '61 minutes'` }).where(eq(phoneCodes.phone, phone.international));
    expect((await askCode(person, phone)).response.statusCode).toBe(202);
  });

  it(`sends at most ${PHONE_CODE.perAccountPerHour} codes an hour for one account, whatever the numbers`, async () => {
    const { person, phone } = await owner();
    const shopNumbers = [freshNumber(), freshNumber()];
    for (const shopNumber of shopNumbers) expect((await postShop(api.app, person.access, { ...SHOP_FIELDS, phone: shopNumber.local })).statusCode).toBe(201);
    const asks = [phone, phone, phone, shopNumbers[0]!, shopNumbers[0]!];
    expect(asks).toHaveLength(PHONE_CODE.perAccountPerHour);
    for (const number of asks) expect((await askCode(person, number)).response.statusCode).toBe(202);
    const refused = await post(person, '/auth/phone-codes', { phone_number: shopNumbers[1]!.local });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: MSG.phoneCodesTooMany });
  });
});

describe('the check follows the number', () => {
  it("is removed when the shop's number changes, and back when it changes back", async () => {
    const { person, phone, shopId } = await owner();
    const { code } = await askCode(person, phone);
    expect((await verify(person, phone.local, code)).statusCode).toBe(201);

    const other = freshNumber();
    expect(await editShop(person, shopId, { phone: other.local })).toMatchObject({ owner_phone: other.international, phone_verified: false });
    expect(await shopVerified(shopId)).toBe(false);
    expect(await editShop(person, shopId, { phone: phone.local })).toMatchObject({ owner_phone: phone.international, phone_verified: true });
    expect(await editShop(person, shopId, { phone: '' })).toMatchObject({ owner_phone: phone.international, phone_verified: true });
  });

  it("is removed from shops that call the account's number when that number changes, and back when it changes back", async () => {
    const { person, phone, shopId } = await owner();
    const ownNumber = freshNumber();
    const withOwn = (await postShop(api.app, person.access, { ...SHOP_FIELDS, phone: ownNumber.local })).json().id as string;
    for (const number of [phone, ownNumber]) {
      const { code } = await askCode(person, number);
      expect((await verify(person, number.local, code)).statusCode).toBe(201);
    }
    const setNumber = (phone_number: string) =>
      api.app.inject({
        method: 'PUT',
        url: '/auth/profile',
        payload: { username: person.username, email: person.email, phone_number },
        headers: bearer(person.access),
      });

    const changed = await setNumber(freshNumber().local);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ phone_verified: false });
    expect(await shopVerified(shopId)).toBe(false);
    expect(await shopVerified(withOwn)).toBe(true);

    expect((await setNumber(phone.local)).json()).toMatchObject({ phone_verified: true });
    expect(await shopVerified(shopId)).toBe(true);
  });

  it('is not given to a shop when another account verifies the same number', async () => {
    const shared = freshNumber();
    const first = await signUp(api.app, { phone_number: shared.local });
    const firstShop = (await createShop(api.app, first.access)).id;
    const second = await signUp(api.app, { phone_number: shared.local });
    const secondShop = (await createShop(api.app, second.access)).id;

    const { code } = await askCode(second, shared);
    expect((await verify(second, shared.local, code)).statusCode).toBe(201);
    expect(await shopVerified(secondShop)).toBe(true);
    expect(await shopVerified(firstShop)).toBe(false);
    expect((await get(first, '/auth/profile')).json()).toMatchObject({ phone_verified: false });
  });
});

describe('verified sellers only', () => {
  it('lists only phone-verified shops, and only their products, with verified=1', async () => {
    const word = `Zobo${process.pid}x${Date.now().toString(36)}`;
    const checked = await owner({ name: `${word} Verified Drinks` });
    const unchecked = await owner({ name: `${word} Other Drinks` });
    await addProducts(api.app, checked.person.access, checked.shopId, [{ name: `${word} bottle`, price: 500 }]);
    await addProducts(api.app, unchecked.person.access, unchecked.shopId, [{ name: `${word} cup`, price: 200 }]);
    const { code } = await askCode(checked.person, checked.phone);
    expect((await verify(checked.person, checked.phone.local, code)).statusCode).toBe(201);

    const ids = async (url: string, list: 'for_you' | 'results') =>
      ((await get(null, url)).json()[list] as { id: string; shop_id?: string }[]).map((item) => item.shop_id ?? item.id);
    expect((await ids(`/shops?q=${word}`, 'for_you')).sort()).toEqual([checked.shopId, unchecked.shopId].sort());
    expect(await ids(`/shops?q=${word}&verified=1`, 'for_you')).toEqual([checked.shopId]);
    expect(await ids(`/shops?verified=1&page_size=100`, 'for_you')).toContain(checked.shopId);
    expect(await ids(`/shops?verified=1&page_size=100`, 'for_you')).not.toContain(unchecked.shopId);
    expect((await ids(`/products/search?q=${word}`, 'results')).sort()).toEqual([checked.shopId, unchecked.shopId].sort());
    expect(await ids(`/products/search?q=${word}&verified=1`, 'results')).toEqual([checked.shopId]);
    // A hand-edited value is no filter, as a wrong page number is the first page.
    expect((await ids(`/shops?q=${word}&verified=yes`, 'for_you')).sort()).toEqual([checked.shopId, unchecked.shopId].sort());
  });
});

describe('deleting an account', () => {
  it('takes its codes and proofs with it', async () => {
    const { person, phone } = await owner();
    const { code } = await askCode(person, phone);
    expect((await verify(person, phone.local, code)).statusCode).toBe(201);
    const deleted = await post(person, '/auth/account/delete', { current_password: 'stall-keeper-42' });
    expect(deleted.statusCode).toBe(204);
    expect(await api.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone.international))).toEqual([]);
    expect(await api.database.db.select().from(verifiedPhones).where(eq(verifiedPhones.phone, phone.international))).toEqual([]);
  });
});

describe('the log', () => {
  it('holds neither the code nor the number', async () => {
    const { person, phone } = await owner();
    const logged = api.logs.length;
    const { code } = await askCode(person, phone);
    expect((await verify(person, phone.local, code === '000000' ? '000001' : '000000')).statusCode).toBe(400);
    expect((await verify(person, phone.local, code)).statusCode).toBe(201);
    const lines = api.logs.slice(logged);
    expect(lines.length).toBeGreaterThan(0);
    const text = loggedWords(lines);
    for (const secret of [code, phone.local, phone.international, phone.local.slice(1)]) expect(text).not.toContain(secret);
  });

  it("keeps a code out of the error when Termii's refusal repeats the text", async () => {
    const text = 'Your Kasuwa code is 482913. It ends in 10 minutes.';
    const termii = createServer((request, response) => {
      request.resume();
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `Rejected: ${text} to 2348039876543` }));
    });
    await new Promise<void>((resolve) => termii.listen(0, '127.0.0.1', resolve));
    try {
      const sender = termiiSmsSender({ apiKey: 'TLtest123', senderId: 'Kasuwa', baseUrl: `http://127.0.0.1:${(termii.address() as AddressInfo).port}` });
      const refused = await sender.send({ to: '+2348039876543', text }).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(refused).toMatch(/^Termii answered 400/);
      expect(refused).not.toContain('482913');
      expect(refused).not.toContain('8039876543');
    } finally {
      await new Promise<void>((resolve) => termii.close(() => resolve()));
    }
  });
});
