import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '#rules/i18n/areas.ts';
import { buildApp } from '#server/app.ts';
import { mailOutbox, shops, smsOutbox, threads } from '#server/db/schema.ts';
import type { Mail } from '#server/mail/mailer.ts';
import type { Sms } from '#server/sms/sms-sender.ts';
import { termiiSmsSender } from '#server/sms/termii.ts';
import { latestMailedLink } from '#tests/support/outbox.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

const SHOP_NAME = 'Mama Put Fabrics';

let api: TestApi;
let owner: SignedUp;
let shopId: string;
const mails: Mail[] = [];

beforeAll(async () => {
  api = await startTestApi({ mailer: { send: async (mail) => void mails.push(mail) } });
  owner = await signUp(api.app, { phone_number: '08039876543' });
  shopId = (await createShop(api.app, owner.access, { name: SHOP_NAME })).id;
});
afterAll(() => api.close());

/** The first truthy answer of `check`; fails after `timeoutMs`. */
async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000): Promise<Exclude<T, false | null | undefined>> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | null | undefined>;
    if (Date.now() - started > timeoutMs) throw new Error(`still not so after ${timeoutMs} ms`);
    await delay(20);
  }
}

const writeShop = (app: TestApi, person: SignedUp, body: string, id = shopId) =>
  app.app.inject({ method: 'POST', url: `/shops/${id}/messages`, payload: { body }, headers: bearer(person.access) });
const reply = (person: SignedUp, threadId: string, body: string) =>
  api.app.inject({ method: 'POST', url: `/threads/${threadId}/messages`, payload: { body }, headers: bearer(person.access) });
const setSms = (app: TestApi, person: SignedUp | null, sms: unknown, id = shopId) =>
  app.app.inject({ method: 'PUT', url: `/shops/${id}/alerts`, payload: { sms } as object, headers: person ? bearer(person.access) : {} });
const queued = async (app: TestApi) => ({
  mail: (await app.database.db.select().from(mailOutbox)).length,
  sms: (await app.database.db.select().from(smsOutbox)).length,
});
const mailsTo = (email: string) => mails.filter((mail) => mail.to === email);
const smsFiles = async (app: TestApi) => {
  const dir = path.join(app.dataDir, 'sms-outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
};
/** As if the side's last alert went out longer ago than the quiet time. */
const alertedLongAgo = (threadId: string) =>
  api.database.db
    .update(threads)
    .set({ buyerAlertedAt: sql`now() - interval '11 minutes'`, shopAlertedAt: sql`now() - interval '11 minutes'` })
    .where(eq(threads.id, threadId));

describe('alerts by mail', () => {
  it('writes the mail in the language its reader chose on the site', async () => {
    const yoruba = await signUp(api.app);
    const chosen = await api.app.inject({ method: 'PUT', url: '/auth/language', payload: { language: 'yo' }, headers: bearer(yoruba.access) });
    expect(chosen.statusCode).toBe(200);
    const name = 'Ìyá Ṣadé Aṣọ';
    const id = (await createShop(api.app, yoruba.access, { name })).id;
    await writeShop(api, await signUp(api.app), 'Ṣé ẹ ní aṣọ òfì?', id);

    const [mail] = await eventually(() => mailsTo(yoruba.email).length === 1 && mailsTo(yoruba.email));
    const words = AREAS.mail.translations.yo.messages;
    expect(mail!.subject).toBe(words['mailAlert.subjectShop'].replace('{shop}', name));
    expect(mail!.text).toContain(words['mailAlert.caution']);
    expect(mail!.text).toContain('Ṣé ẹ ní aṣọ òfì?');
    expect(mail!.text).not.toContain('Never pay before you see the goods');
  });

  it("mails the shop's owner once with the shop's name, the first words and a working link to the thread", async () => {
    const buyer = await signUp(api.app);
    const sent = await writeShop(api, buyer, 'Good morning, do you have Ankara in blue? I need six yards for my sister’s wedding in Enugu next month.');
    const threadId = sent.json().thread_id as string;

    const [mail] = await eventually(() => mailsTo(owner.email).length === 1 && mailsTo(owner.email));
    expect(mail!.subject).toContain(SHOP_NAME);
    expect(mail!.text).toContain('Good morning, do you have Ankara in blue?');
    expect(mail!.text).not.toContain('Enugu');
    expect(mail!.text).toContain('Never pay before you see the goods');
    const link = `${api.config.webUrl}/messages/${threadId}`;
    expect(mail!.text).toContain(link);
    const opened = await api.app.inject({ method: 'GET', url: `/threads/${link.split('/').at(-1)}`, headers: bearer(owner.access) });
    expect(opened.statusCode).toBe(200);
    expect(mailsTo(buyer.email)).toEqual([]);
  });

  it('sends no second alert to the same side of a thread within ten minutes, then one after', async () => {
    const buyer = await signUp(api.app);
    const threadId = (await writeShop(api, buyer, 'Hello, is the shop open today?')).json().thread_id as string;
    await eventually(() => mailsTo(owner.email).some((mail) => mail.text.includes('is the shop open today')));
    const before = mailsTo(owner.email).length;

    await writeShop(api, buyer, 'Also, do you deliver to Yaba?');
    await Promise.all([writeShop(api, buyer, 'One more thing'), writeShop(api, buyer, 'And another')]);
    expect((await queued(api)).mail).toBe(0);
    await delay(200);
    expect(mailsTo(owner.email)).toHaveLength(before);

    // The other side has its own ten minutes: the owner's reply alerts the buyer.
    await reply(owner, threadId, 'Yes we deliver to Yaba.');
    await eventually(() => mailsTo(buyer.email).length === 1);
    expect(mailsTo(buyer.email)[0]!.subject).toContain(SHOP_NAME);

    await alertedLongAgo(threadId);
    await writeShop(api, buyer, 'Thank you, I will order.');
    expect(await eventually(() => mailsTo(owner.email).length === before + 1)).toBe(true);
  });

  it('alerts once when two API instances on one database take messages of one thread at the same moment', async () => {
    const second = await buildApp({ config: api.config, database: api.database, mailer: { send: async (mail) => void mails.push(mail) }, logger: false });
    try {
      await second.ready();
      const buyer = await signUp(api.app);
      const threadId = (await writeShop(api, buyer, 'Hello there')).json().thread_id as string;
      await eventually(() => mailsTo(owner.email).some((mail) => mail.text.includes('Hello there')));
      await alertedLongAgo(threadId);
      const before = mailsTo(owner.email).length;

      const send = (app: typeof second, body: string) =>
        app.inject({ method: 'POST', url: `/threads/${threadId}/messages`, payload: { body }, headers: bearer(buyer.access) });
      const answers = await Promise.all([send(api.app, 'From the first'), send(second, 'From the second'), send(second, 'And the third')]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      await eventually(() => mailsTo(owner.email).length > before);
      await delay(300);
      expect(mailsTo(owner.email)).toHaveLength(before + 1);
    } finally {
      await second.close();
    }
  });

  it('quotes no words of a message carrying an account number or a link', async () => {
    const buyer = await signUp(api.app);
    const threadId = (await writeShop(api, buyer, 'Hello')).json().thread_id as string;
    await eventually(() => mailsTo(owner.email).length > 0);
    await alertedLongAgo(threadId);
    await eventually(async () => (await queued(api)).mail === 0);

    await reply(owner, threadId, 'Pay into 0123456789 First Bank and I will send it');
    const [mail] = await eventually(() => mailsTo(buyer.email).length === 1 && mailsTo(buyer.email));
    expect(mail!.text).toContain('sent you a message');
    expect(mail!.text).not.toContain('0123456789');
    expect(mail!.text).not.toContain('First Bank');
    expect(mail!.html).not.toContain('0123456789');
  });

  it('alerts the shop to an order request', async () => {
    const buyer = await signUp(api.app);
    const added = await addProducts(api.app, owner.access, shopId, [{ name: 'Ankara six yards', price: 12000 }]);
    const productId = added.json()[0].id;
    const sent = await api.app.inject({
      method: 'POST',
      url: `/shops/${shopId}/orders`,
      payload: { lines: [{ product_id: productId, quantity: 2 }] },
      headers: bearer(buyer.access),
    });
    expect(sent.statusCode).toBe(201);
    await eventually(() => mailsTo(owner.email).some((mail) => mail.text.includes(sent.json().thread_id)));
  });
});

describe('the text message switch', () => {
  it('is off by default, shown to the owner on their profile and never in public shop answers', async () => {
    const profile = async () => (await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(owner.access) })).json();
    expect((await profile()).shops.find((shop: { id: string }) => shop.id === shopId).sms_alerts).toBe(false);

    const turned = await setSms(api, owner, true);
    expect(turned.statusCode).toBe(200);
    expect(turned.json()).toEqual({ sms: true });
    expect((await profile()).shops.find((shop: { id: string }) => shop.id === shopId).sms_alerts).toBe(true);

    for (const url of [`/shops/${shopId}`, '/shops', `/shops/${shopId}/products`]) {
      const answer = await api.app.inject({ method: 'GET', url });
      expect(answer.body, url).not.toContain('sms_alerts');
    }
    expect((await setSms(api, owner, false)).json()).toEqual({ sms: false });
  });

  it("is the owner's alone: 401 without a token, 403 for someone else's shop, 404 for no shop, 400 for a non-boolean", async () => {
    const stranger = await signUp(api.app);
    expect((await setSms(api, null, true)).statusCode).toBe(401);
    expect((await setSms(api, stranger, true)).statusCode).toBe(403);
    expect((await setSms(api, stranger, true, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await setSms(api, owner, 'yes')).statusCode).toBe(400);
    const [shop] = await api.database.db.select({ smsAlerts: shops.smsAlerts }).from(shops).where(eq(shops.id, shopId));
    expect(shop!.smsAlerts).toBe(false);
  });

  it("texts the shop's number only while the switch is on, with no words of the message", async () => {
    const quiet = await signUp(api.app);
    await writeShop(api, quiet, 'Zebracrossing fabric please');
    await eventually(() => mailsTo(owner.email).some((mail) => mail.text.includes('Zebracrossing')));
    expect(await smsFiles(api)).toEqual([]);

    expect((await setSms(api, owner, true)).statusCode).toBe(200);
    const buyer = await signUp(api.app);
    const threadId = (await writeShop(api, buyer, 'Flamingoprint wrapper, how much?')).json().thread_id as string;
    const files = await eventually(async () => {
      const found = await smsFiles(api);
      return found.length === 1 && found;
    });
    expect(files).toHaveLength(1);
    const text = files[0]!;
    expect(text).toContain('To: +2348039876543');
    expect(text).toContain(SHOP_NAME);
    expect(text).toContain(`${api.config.webUrl}/messages/${threadId}`);
    expect(text).not.toContain('Flamingoprint');

    // The same ten minutes hold for text messages.
    await writeShop(api, buyer, 'Flamingoprint again');
    expect((await queued(api)).sms).toBe(0);
    // The buyer is never texted: the owner's reply mails them only.
    await reply(owner, threadId, 'Five thousand naira');
    await delay(200);
    expect(await smsFiles(api)).toHaveLength(1);
    await setSms(api, owner, false);
  });

  it('texts an owner who chose Hausa in Hausa', async () => {
    const hausa = await signUp(api.app, { phone_number: '08035550123' });
    await api.app.inject({ method: 'PUT', url: '/auth/language', payload: { language: 'ha' }, headers: bearer(hausa.access) });
    const name = 'Hajiya Binta Atamfa';
    const id = (await createShop(api.app, hausa.access, { name })).id;
    expect((await setSms(api, hausa, true, id)).statusCode).toBe(200);
    await writeShop(api, await signUp(api.app), 'Ina da atamfa?', id);

    const text = await eventually(async () => (await smsFiles(api)).find((file) => file.includes(name)));
    const hausaWords = AREAS.mail.translations.ha.messages['smsAlert.text'];
    expect(text).toContain(hausaWords.slice(0, hausaWords.indexOf('{shop}')));
    expect(text).not.toContain('new message for');
    expect(text).not.toContain('Ina da atamfa');
  });
});

/** A stand-in for Termii's messaging API as its documentation describes it, answering each request with the next of `answers`. */
async function fakeTermii(answers: { status: number; body: object }[]) {
  const received: { path: string; body: Record<string, unknown> }[] = [];
  const read = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    return JSON.parse(text) as Record<string, unknown>;
  };
  const server: Server = createServer(async (request, response) => {
    received.push({ path: `${request.method} ${request.url}`, body: await read(request) });
    const answer = answers[Math.min(received.length - 1, answers.length - 1)]!;
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const SENT = { status: 200, body: { message_id: '9122821270554876574', message: 'Successfully Sent', balance: 9, user: 'Kasuwa' } };

describe('text messages through Termii', () => {
  it('posts the documented fields to /api/sms/send on the dnd route, the number in international digits', async () => {
    const termii = await fakeTermii([SENT]);
    try {
      const sender = termiiSmsSender({ apiKey: 'TLtest123', senderId: 'Kasuwa', baseUrl: termii.url });
      await sender.send({ to: '+2348039876543', text: 'Kasuwa: hello' });
      expect(termii.received).toEqual([
        {
          path: 'POST /api/sms/send',
          body: { api_key: 'TLtest123', to: '2348039876543', from: 'Kasuwa', sms: 'Kasuwa: hello', type: 'plain', channel: 'dnd' },
        },
      ]);
    } finally {
      await termii.close();
    }
  });

  it('counts an answer without a message_id as a failure', async () => {
    const termii = await fakeTermii([{ status: 200, body: { message: 'Insufficient balance' } }]);
    try {
      const sender = termiiSmsSender({ apiKey: 'TLtest123', senderId: 'Kasuwa', baseUrl: termii.url });
      await expect(sender.send({ to: '+2348039876543', text: 'hi' })).rejects.toThrow(/Insufficient balance/);
    } finally {
      await termii.close();
    }
  });

  it('tries a refused text message again, then gives up with a log line that holds no phone number', async () => {
    const termii = await fakeTermii([{ status: 400, body: { message: 'Phone number 2348039876543 is invalid' } }]);
    const logged = await startTestApi({
      keepLogs: true,
      smsRetryDelaysMs: [5, 5],
      env: { TERMII_API_KEY: 'TLtest123', TERMII_BASE_URL: termii.url },
    });
    try {
      const shopOwner = await signUp(logged.app, { phone_number: '08039876543' });
      const shop = (await createShop(logged.app, shopOwner.access)).id;
      expect((await setSms(logged, shopOwner, true, shop)).statusCode).toBe(200);
      const buyer = await signUp(logged.app);
      const threadId = (await writeShop(logged, buyer, 'Do you sell aso-oke?', shop)).json().thread_id as string;
      // The mail still goes, into the file outbox of an API with no SMTP server.
      const link = await latestMailedLink(logged.dataDir, shopOwner.email, /https?:\/\/\S+\/messages\/[\w-]+/);
      expect(link.href).toBe(`${logged.config.webUrl}/messages/${threadId}`);

      await eventually(() => logged.logs.some((line) => String(line.msg).includes('given up')));
      expect(termii.received).toHaveLength(3);
      expect(termii.received[0]!.body).toMatchObject({ to: '2348039876543', channel: 'dnd' });
      const text = JSON.stringify(logged.logs);
      expect(text).toContain('text message not sent; given up');
      expect(text).not.toMatch(/8039876543/);
      expect(text).not.toContain('aso-oke');
      expect(await eventually(async () => (await queued(logged)).sms === 0)).toBe(true);
    } finally {
      await logged.close();
      await termii.close();
    }
  });
});

describe('the text message queue', () => {
  it('tries a failing sender again after growing pauses until it sends', async () => {
    const tries: number[] = [];
    const sent: Sms[] = [];
    const flaky = await startTestApi({
      smsRetryDelaysMs: [100, 400],
      smsSender: {
        async send(sms) {
          tries.push(Date.now());
          if (tries.length < 3) throw new Error('gateway down');
          sent.push(sms);
        },
      },
    });
    try {
      const shopOwner = await signUp(flaky.app);
      const shop = (await createShop(flaky.app, shopOwner.access)).id;
      await setSms(flaky, shopOwner, true, shop);
      await writeShop(flaky, await signUp(flaky.app), 'Hello', shop);

      await eventually(() => sent.length === 1);
      expect(sent).toHaveLength(1);
      expect(tries).toHaveLength(3);
      expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(90);
      expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(390);
      expect(await eventually(async () => (await queued(flaky)).sms === 0)).toBe(true);
    } finally {
      await flaky.close();
    }
  });
});
