import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX, MESSAGES_PER_MINUTE, NEW_THREADS_PER_HOUR, THREAD_PAGE_SIZE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { messages, shops } from '#server/db/schema.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { createShop } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let shopId: string;

beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
  shopId = (await createShop(api.app, owner.access, { name: 'Mama Put Fabrics' })).id;
});
afterAll(() => api.close());

const writeShop = (person: SignedUp, body: unknown, id = shopId) =>
  api.app.inject({ method: 'POST', url: `/shops/${id}/messages`, payload: { body } as object, headers: bearer(person.access) });
const reply = (person: SignedUp, threadId: string, body: unknown) =>
  api.app.inject({ method: 'POST', url: `/threads/${threadId}/messages`, payload: { body } as object, headers: bearer(person.access) });
const open = (person: SignedUp, threadId: string, query = '') =>
  api.app.inject({ method: 'GET', url: `/threads/${threadId}${query}`, headers: bearer(person.access) });
const inbox = async (person: SignedUp, query = '') => (await api.app.inject({ method: 'GET', url: `/threads${query}`, headers: bearer(person.access) })).json();
const unread = async (person: SignedUp) =>
  (await api.app.inject({ method: 'GET', url: '/threads/unread-count', headers: bearer(person.access) })).json().unread as number;

describe('messages between a buyer and a shop', () => {
  it('lets a buyer write, the owner see the unread thread and reply, and the buyer read the reply', async () => {
    const buyer = await signUp(api.app);
    const ownerUnread = await unread(owner);
    const sent = await writeShop(buyer, 'Good morning, do you have Ankara in blue?');
    expect(sent.statusCode).toBe(201);
    const threadId = sent.json().thread_id;
    expect(sent.json().message).toMatchObject({ from: 'buyer', mine: true, warning: null });

    expect(await unread(owner)).toBe(ownerUnread + 1);
    expect(await unread(buyer)).toBe(0);
    const [line] = (await inbox(owner)).results;
    expect(line).toMatchObject({
      id: threadId,
      role: 'shop',
      other_name: buyer.username,
      shop: { id: shopId, name: 'Mama Put Fabrics' },
      unread: true,
      last_message: { from: 'buyer', mine: false, body: 'Good morning, do you have Ankara in blue?' },
    });

    const read = await open(owner, threadId);
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.map((message: { body: string }) => message.body)).toEqual(['Good morning, do you have Ankara in blue?']);
    expect(await unread(owner)).toBe(ownerUnread);
    expect((await inbox(owner)).results[0].unread).toBe(false);

    expect((await reply(owner, threadId, 'Yes, six yards for ₦12,000.')).statusCode).toBe(201);
    expect(await unread(buyer)).toBe(1);
    const buyerInbox = (await inbox(buyer)).results;
    expect(buyerInbox).toHaveLength(1);
    expect(buyerInbox[0]).toMatchObject({ role: 'buyer', other_name: 'Mama Put Fabrics', unread: true, last_message: { from: 'shop', mine: false } });
    const thread = (await open(buyer, threadId)).json();
    expect(thread.messages.map((message: { from: string; mine: boolean }) => [message.from, message.mine])).toEqual([
      ['buyer', true],
      ['shop', false],
    ]);
    expect(await unread(buyer)).toBe(0);

    // Writing to the shop again adds to the same thread.
    const again = await writeShop(buyer, 'I will come on Saturday.');
    expect(again.json().thread_id).toBe(threadId);
    expect((await open(buyer, threadId)).json().messages).toHaveLength(3);
  });

  it('lists the newest activity first', async () => {
    const buyer = await signUp(api.app);
    const other = await signUp(api.app);
    const otherShop = (await createShop(api.app, other.access, { name: 'Kano Leather' })).id;
    await writeShop(buyer, 'First', shopId);
    const second = (await writeShop(buyer, 'Second', otherShop)).json().thread_id;
    expect((await inbox(buyer)).results.map((thread: { other_name: string }) => thread.other_name)).toEqual(['Kano Leather', 'Mama Put Fabrics']);
    await writeShop(buyer, 'Third', shopId);
    expect((await inbox(buyer)).results.map((thread: { other_name: string }) => thread.other_name)).toEqual(['Mama Put Fabrics', 'Kano Leather']);
    const page = await inbox(buyer, '?page_size=1');
    expect(page.results).toHaveLength(1);
    const rest = await inbox(buyer, `?page_size=1&before=${page.more}`);
    expect(rest.results.map((thread: { id: string }) => thread.id)).toEqual([second]);
    expect(rest.more).toBeNull();
  });

  it('lists a person’s threads as buyer and as owner together, and counts both as unread', async () => {
    const trader = await signUp(api.app);
    const stall = (await createShop(api.app, trader.access, { name: 'Trader Stall' })).id;
    const customer = await signUp(api.app);
    await writeShop(trader, 'I am buying from you', shopId);
    await writeShop(customer, 'I am buying from the trader', stall);
    const threads = (await inbox(trader)).results;
    expect(threads.map((thread: { role: string; other_name: string }) => [thread.role, thread.other_name])).toEqual([
      ['shop', customer.username],
      ['buyer', 'Mama Put Fabrics'],
    ]);
    expect(await unread(trader)).toBe(1);
    const threadId = threads[1].id;
    await reply(owner, threadId, 'Welcome');
    expect(await unread(trader)).toBe(2);
  });

  it('answers 404 to anyone but the two sides, for any thread id', async () => {
    const buyer = await signUp(api.app);
    const threadId = (await writeShop(buyer, 'Hello')).json().thread_id;
    const stranger = await signUp(api.app);
    for (const answer of [
      await open(stranger, threadId),
      await reply(stranger, threadId, 'Hi'),
      await api.app.inject({ method: 'POST', url: `/threads/${threadId}/block`, headers: bearer(stranger.access) }),
      await open(buyer, '00000000-0000-4000-8000-000000000000'),
      await open(buyer, 'not-an-id'),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: MSG.notFound });
    }
    expect((await inbox(stranger)).results).toEqual([]);
    expect((await api.app.inject({ method: 'GET', url: `/threads/${threadId}` })).statusCode).toBe(401);
  });

  it('refuses an owner writing to their own shop, and answers 404 for a hidden or missing shop', async () => {
    const own = await writeShop(owner, 'Hello me');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: MSG.ownShopMessage });
    const buyer = await signUp(api.app);
    const hidden = (await createShop(api.app, owner.access)).id;
    const threadId = (await writeShop(buyer, 'Before it was hidden', hidden)).json().thread_id;
    await api.database.db.update(shops).set({ hiddenAt: new Date(), hiddenReason: 'Scam' }).where(eq(shops.id, hidden));
    expect((await writeShop(buyer, 'Hello', hidden)).statusCode).toBe(404);
    expect((await writeShop(buyer, 'Hello', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await writeShop(buyer, 'Hello', 'nope')).statusCode).toBe(404);
    // Its thread stays readable, but takes nothing new.
    expect((await open(buyer, threadId)).json()).toMatchObject({ can_write: false, messages: [{ body: 'Before it was hidden' }] });
    expect((await reply(owner, threadId, 'Still here')).json()).toEqual({ detail: MSG.shopHiddenMessages });
  });

  it('takes 1 to 2,000 printable characters, and refuses a body far larger unread', async () => {
    const buyer = await signUp(api.app);
    for (const body of ['', '   ', undefined]) expect((await writeShop(buyer, body)).json()).toEqual({ body: [MSG.messageRequired] });
    expect((await writeShop(buyer, 'x'.repeat(MESSAGE_MAX + 1))).json()).toEqual({ body: [MSG.tooLong(MESSAGE_MAX)] });
    expect((await writeShop(buyer, 'bell\u0007')).json()).toEqual({ body: [MSG.controlCharacters] });
    expect((await writeShop(buyer, 42)).statusCode).toBe(400);
    const huge = await api.app.inject({
      method: 'POST',
      url: `/shops/${shopId}/messages`,
      payload: JSON.stringify({ body: 'x'.repeat(100_000) }),
      headers: { ...bearer(buyer.access), 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect((await writeShop(buyer, 'ọ'.repeat(MESSAGE_MAX))).statusCode).toBe(201);
  });

  it('lets either side block the other: the blocked side writes nothing new, and the thread stays readable', async () => {
    const buyer = await signUp(api.app);
    const threadId = (await writeShop(buyer, 'Is the price final?')).json().thread_id;
    const blocked = await api.app.inject({ method: 'POST', url: `/threads/${threadId}/block`, headers: bearer(owner.access) });
    expect(blocked.json()).toMatchObject({ blocked_by_me: true, blocked_by_other: false });
    const refused = await writeShop(buyer, 'Hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MSG.blockedByOther });
    expect((await reply(buyer, threadId, 'Hello?')).statusCode).toBe(403);
    expect((await open(buyer, threadId)).json()).toMatchObject({ blocked_by_other: true, can_write: false, messages: [{ body: 'Is the price final?' }] });
    await api.app.inject({ method: 'POST', url: `/threads/${threadId}/unblock`, headers: bearer(owner.access) });
    expect((await reply(buyer, threadId, 'Hello?')).statusCode).toBe(201);
  });

  it('warns the buyer beside a shop message asking for payment first, carrying an account number or a link', async () => {
    const buyer = await signUp(api.app);
    const threadId = (await writeShop(buyer, 'Pay first? Send money to 0123456789 www.example.com')).json().thread_id;
    for (const body of ['Pay first before I send it', 'My account is 0123 456 789', 'See https://example.com/x', 'It is ready, come and see it'])
      await reply(owner, threadId, body);
    const warnings = (await open(buyer, threadId)).json().messages.map((message: { warning: string | null }) => message.warning);
    // The buyer's own words never carry a warning.
    expect(warnings).toEqual([null, 'pay_first', 'account_number', 'link', null]);
  });

  it(`pages a long thread: the newest ${THREAD_PAGE_SIZE} first, then the earlier ones`, async () => {
    const buyer = await signUp(api.app);
    const threadId = (await writeShop(buyer, 'Message 0')).json().thread_id;
    // Written straight to the database: the API would limit this many in a minute.
    await api.database.db
      .insert(messages)
      .values(Array.from({ length: THREAD_PAGE_SIZE + 4 }, (_, i) => ({ threadId, senderId: buyer.id, body: `Message ${i + 1}` })));
    const latest = (await open(buyer, threadId)).json();
    expect(latest.messages).toHaveLength(THREAD_PAGE_SIZE);
    expect(latest.messages.at(-1).body).toBe(`Message ${THREAD_PAGE_SIZE + 4}`);
    const earlier = (await open(buyer, threadId, `?before=${latest.earlier}`)).json();
    expect(earlier.messages.map((message: { body: string }) => message.body)).toEqual(['Message 0', 'Message 1', 'Message 2', 'Message 3', 'Message 4']);
    expect(earlier.earlier).toBeNull();
  });
});

describe('limits per person', () => {
  it(`lets a person send ${MESSAGES_PER_MINUTE} messages a minute, then answers 429 with clear words to them alone`, async () => {
    const busy = await signUp(api.app);
    const threadId = (await writeShop(busy, 'One')).json().thread_id;
    for (let i = 1; i < MESSAGES_PER_MINUTE; i += 1) expect((await reply(busy, threadId, `More ${i}`)).statusCode).toBe(201);
    const refused = await reply(busy, threadId, 'Too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^You are sending messages too quickly\. Please wait \d+ seconds and send again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await writeShop(busy, 'Another')).statusCode).toBe(429);
    expect((await reply(owner, threadId, 'Owner still writes')).statusCode).toBe(201);
  });

  it(`lets a person start ${NEW_THREADS_PER_HOUR} conversations an hour, then answers 429`, async () => {
    const busy = await signUp(api.app);
    const others = await signUp(api.app);
    const ids = [];
    for (let i = 0; i <= NEW_THREADS_PER_HOUR; i += 1) ids.push((await createShop(api.app, others.access)).id);
    for (const id of ids.slice(0, NEW_THREADS_PER_HOUR)) expect((await writeShop(busy, 'Hello', id)).statusCode).toBe(201);
    const refused = await writeShop(busy, 'Hello', ids.at(-1));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^You have started many new conversations this hour\. Please wait \d+ minutes?, or reply/);
    // Writing in a thread one already has is no new conversation.
    expect((await writeShop(busy, 'Hello again', ids[0])).statusCode).toBe(201);
  });
});

describe('the log', () => {
  it('never holds a message’s words or numbers, sent, refused or read', async () => {
    const logged = await startTestApi({ keepLogs: true, env: { LOG_LEVEL: 'debug' } });
    try {
      const shopOwner = await signUp(logged.app);
      const buyer = await signUp(logged.app);
      const shop = (await createShop(logged.app, shopOwner.access)).id;
      const secret = 'Zebracrossing pay first to 0123456789';
      const send = (body: string) => logged.app.inject({ method: 'POST', url: `/shops/${shop}/messages`, payload: { body }, headers: bearer(buyer.access) });
      const threadId = (await send(secret)).json().thread_id;
      expect((await send(`${secret}\u0007`)).statusCode).toBe(400);
      await logged.app.inject({ method: 'GET', url: `/threads/${threadId}`, headers: bearer(shopOwner.access) });
      expect(logged.logs.length).toBeGreaterThan(0);
      const text = JSON.stringify(logged.logs);
      expect(text).not.toContain('Zebracrossing');
      expect(text).not.toContain('0123456789');
    } finally {
      await logged.close();
    }
  });
});
