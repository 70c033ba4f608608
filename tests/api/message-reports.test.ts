import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTED_MESSAGE_CONTEXT, THREAD_PAGE_SIZE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { messages } from '#server/db/schema.ts';
import { setModerator } from '#server/moderation/items.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { createShop } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let moderator: SignedUp;
let shopId: string;

beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
  moderator = await signUp(api.app);
  await setModerator(api.database.db, moderator.email, true);
  shopId = (await createShop(api.app, owner.access, { name: 'Iya Bisi Provisions' })).id;
});
afterAll(() => api.close());

type Json = Record<string, unknown>;
type Message = { id: number; from: string; body: string; removed: boolean; warning: string | null };
const get = (url: string, person?: SignedUp) => api.app.inject({ method: 'GET', url, headers: person ? bearer(person.access) : {} });
const post = (url: string, person: SignedUp, payload: Json) => api.app.inject({ method: 'POST', url, payload, headers: bearer(person.access) });
const report = (threadId: string, messageId: number | string, person: SignedUp, payload: Json = { reason: 'scam' }) =>
  post(`/threads/${threadId}/messages/${messageId}/reports`, person, payload);
const act = (messageId: number, action: string, note: string, person = moderator) =>
  post(`/moderation/messages/${messageId}/actions`, person, { action, note });

/** A new buyer's thread with the shop: the buyer writes, the shop answers with money up front, the buyer writes again. */
async function conversation() {
  const buyer = await signUp(api.app);
  const first = await post(`/shops/${shopId}/messages`, buyer, { body: 'Do you have garri?' });
  const threadId = first.json().thread_id as string;
  const answer = await post(`/threads/${threadId}/messages`, owner, { body: 'Yes. Pay first into 0123456789 and I send it.' });
  const last = await post(`/threads/${threadId}/messages`, buyer, { body: 'Can I pay when it arrives?' });
  return { buyer, threadId, mine: first.json().message.id as number, theirs: answer.json().message.id as number, last: last.json().message.id as number };
}

const threadBodies = async (threadId: string, person: SignedUp) =>
  ((await get(`/threads/${threadId}`, person)).json().messages as Message[]).map((message) => [message.body, message.removed]);

describe('reporting a message', () => {
  it("puts the other side's message in the moderation queue, one open report per person", async () => {
    const { buyer, threadId, theirs } = await conversation();
    const sent = await report(threadId, theirs, buyer, { reason: 'scam', details: 'Asks for money first' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ shop_id: shopId, rating_id: null, message_id: theirs, reason: 'scam' });
    const again = await report(threadId, theirs, buyer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: MSG.reportAlreadyOpen });

    const queue = (await get('/moderation/reports', moderator)).json().results as Json[];
    expect(queue).toContainEqual(
      expect.objectContaining({
        kind: 'message',
        message_id: theirs,
        shop_id: shopId,
        shop_name: 'Iya Bisi Provisions',
        message: 'Yes. Pay first into 0123456789 and I send it.',
        author: 'Iya Bisi Provisions',
        open_reports: 1,
      }),
    );
    // A message report is not a report of the shop itself.
    expect(queue.filter((item) => item.kind === 'shop' && item.shop_id === shopId)).toEqual([]);
  });

  it('lets the shop report the buyer, but nobody their own message', async () => {
    const { buyer, threadId, mine, theirs } = await conversation();
    expect((await report(threadId, mine, owner, { reason: 'offensive' })).statusCode).toBe(201);
    const own = await report(threadId, theirs, owner);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: MSG.ownMessageReport });
    expect((await report(threadId, mine, buyer)).statusCode).toBe(403);
  });

  it('is a 404 to anyone but the two sides, and for a message of another thread or none', async () => {
    const { threadId, theirs } = await conversation();
    const stranger = await signUp(api.app);
    expect((await report(threadId, theirs, stranger)).statusCode).toBe(404);
    expect((await report(threadId, theirs, moderator)).statusCode).toBe(404);
    const other = await conversation();
    expect((await report(threadId, other.theirs, other.buyer)).statusCode).toBe(404);
    for (const id of ['0', '-1', '1e3', '99999999999999999999', 'abc']) expect((await report(other.threadId, id, other.buyer)).statusCode).toBe(404);
  });

  it('asks for a reason as the other reports do', async () => {
    const { buyer, threadId, theirs } = await conversation();
    expect((await report(threadId, theirs, buyer, { reason: 'boring' })).json()).toEqual({ reason: [MSG.reportReasonRequired] });
    expect((await report(threadId, theirs, buyer, { reason: 'other' })).json()).toEqual({ details: [MSG.reportDetailsRequired] });
  });
});

describe('a moderator with a reported message', () => {
  it('sees it among the messages around it, who sent each, and the reports', async () => {
    const { buyer, threadId, mine, theirs, last } = await conversation();
    await report(threadId, theirs, buyer, { reason: 'scam', details: 'Pay first' });
    const item = await get(`/moderation/messages/${theirs}`, moderator);
    expect(item.statusCode).toBe(200);
    expect(item.json()).toMatchObject({
      kind: 'message',
      message_id: theirs,
      thread_id: threadId,
      shop_name: 'Iya Bisi Provisions',
      buyer_name: buyer.username,
      from: 'shop',
      hidden_at: null,
      open_reports: [{ reason: 'scam', details: 'Pay first', reporter: buyer.username }],
      actions: [],
    });
    expect(item.json().context).toEqual([
      expect.objectContaining({ id: mine, from: 'buyer', sender: buyer.username, body: 'Do you have garri?', reported: false }),
      expect.objectContaining({ id: theirs, from: 'shop', sender: 'Iya Bisi Provisions', reported: true, hidden: false }),
      expect.objectContaining({ id: last, from: 'buyer', body: 'Can I pay when it arrives?', reported: false }),
    ]);
  });

  it(`sees at most ${REPORTED_MESSAGE_CONTEXT} messages either side`, async () => {
    const { buyer, threadId, theirs } = await conversation();
    for (let n = 0; n < REPORTED_MESSAGE_CONTEXT + 2; n++) await post(`/threads/${threadId}/messages`, buyer, { body: `More ${n}` });
    await report(threadId, theirs, buyer);
    const { context } = (await get(`/moderation/messages/${theirs}`, moderator)).json();
    expect(context).toHaveLength(1 + 1 + REPORTED_MESSAGE_CONTEXT);
    expect(context.at(-1).body).toBe(`More ${REPORTED_MESSAGE_CONTEXT - 2}`);
  });

  it('hides it: both sides then read the removal line, the inbox too, and restoring brings it back', async () => {
    const { buyer, threadId, theirs } = await conversation();
    await report(threadId, theirs, buyer);
    const hidden = await act(theirs, 'hide', 'Asked for payment up front');
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden_at: expect.any(String), open_reports: [], actions: [{ action: 'hide', note: 'Asked for payment up front' }] });
    expect(hidden.json().context.find((message: { reported: boolean }) => message.reported)).toMatchObject({
      hidden: true,
      body: expect.stringContaining('Pay first'),
    });

    for (const person of [buyer, owner]) {
      const thread = (await get(`/threads/${threadId}`, person)).json();
      const removed = thread.messages.find((message: Message) => message.id === theirs);
      expect(removed).toMatchObject({ body: MSG.messageRemoved, removed: true, warning: null, order: null });
      expect(JSON.stringify(thread)).not.toContain('0123456789');
      const one = (await get(`/threads/${threadId}/messages/${theirs}`, person)).json();
      expect(one.message).toMatchObject({ body: MSG.messageRemoved, removed: true });
    }
    // A removed message cannot be reported again.
    expect((await report(threadId, theirs, buyer, { reason: 'offensive' })).json()).toEqual({ detail: MSG.messageNotFound });
    expect((await act(theirs, 'hide', 'Again')).statusCode).toBe(409);
    // The inbox shows the removal line when it is the last one.
    const lone = await conversation();
    await report(lone.threadId, lone.last, owner);
    await act(lone.last, 'hide', 'Rude');
    const line = ((await get('/threads', lone.buyer)).json().results as { id: string; last_message: Message }[]).find((t) => t.id === lone.threadId);
    expect(line?.last_message).toMatchObject({ body: MSG.messageRemoved, removed: true });

    expect((await act(theirs, 'restore', 'On second reading it is fine')).statusCode).toBe(200);
    expect(await threadBodies(threadId, buyer)).toContainEqual(['Yes. Pay first into 0123456789 and I send it.', false]);
  });

  it('dismisses the reports and leaves the message as it was', async () => {
    const { buyer, threadId, theirs } = await conversation();
    await report(threadId, theirs, buyer);
    const dismissed = await act(theirs, 'dismiss', 'Payment on delivery was offered');
    expect(dismissed.json()).toMatchObject({ hidden_at: null, open_reports: [] });
    expect(((await get('/moderation/reports', moderator)).json().results as Json[]).some((item) => item.message_id === theirs)).toBe(false);
    expect(await threadBodies(threadId, buyer)).toContainEqual(['Yes. Pay first into 0123456789 and I send it.', false]);
    expect((await report(threadId, theirs, buyer)).statusCode).toBe(201);
  });

  it('is the only one who sees these pages: anyone else gets 404', async () => {
    const { buyer, threadId, theirs } = await conversation();
    await report(threadId, theirs, buyer);
    for (const person of [buyer, owner, undefined]) {
      expect((await get(`/moderation/messages/${theirs}`, person)).statusCode).toBe(404);
    }
    expect((await act(theirs, 'hide', 'Not mine to hide', buyer)).statusCode).toBe(404);
    expect((await get('/moderation/messages/abc', moderator)).statusCode).toBe(404);
    expect((await get('/moderation/messages/999999999', moderator)).statusCode).toBe(404);
  });
});

describe('asking for new messages', () => {
  it('answers only the messages after the one named, oldest first, and marks the thread read', async () => {
    const { buyer, threadId, mine, theirs, last } = await conversation();
    const unread = async () => (await get('/threads/unread-count', owner)).json().unread as number;
    const before = await unread();
    const newer = await get(`/threads/${threadId}?after=${mine}`, owner);
    expect(newer.statusCode).toBe(200);
    expect(newer.json()).toMatchObject({ id: threadId, role: 'shop', other_name: buyer.username, unread: false, earlier: null, later: null });
    expect(newer.json().messages.map((message: Message) => message.id)).toEqual([theirs, last]);
    expect(await unread()).toBe(before - 1);
    expect((await get(`/threads/${threadId}?after=${last}`, buyer)).json().messages).toEqual([]);
  });

  it('pages what is newer when it is more than a page', async () => {
    const { buyer, threadId, last } = await conversation();
    // Written straight to the database: the shop's messages a minute are limited.
    const lines = Array.from({ length: THREAD_PAGE_SIZE + 1 }, (_, n) => ({ threadId, senderId: owner.id, body: `Line ${n}` }));
    for (const line of lines) await api.database.db.insert(messages).values(line);
    const first = (await get(`/threads/${threadId}?after=${last}`, buyer)).json();
    expect(first.messages).toHaveLength(THREAD_PAGE_SIZE);
    expect(first.messages[0].body).toBe('Line 0');
    expect(first.later).toBe(first.messages.at(-1).id);
    const rest = (await get(`/threads/${threadId}?after=${first.later}`, buyer)).json();
    expect(rest.messages.map((message: Message) => message.body)).toEqual([`Line ${THREAD_PAGE_SIZE}`]);
    expect(rest.later).toBeNull();
  });

  it('is a 404 to anyone but the two sides', async () => {
    const { threadId, mine } = await conversation();
    for (const person of [await signUp(api.app), moderator]) expect((await get(`/threads/${threadId}?after=${mine}`, person)).statusCode).toBe(404);
    expect((await get(`/threads/${threadId}?after=${mine}`)).statusCode).toBe(401);
  });
});
