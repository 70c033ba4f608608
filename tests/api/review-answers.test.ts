import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_WRITES_PER_HOUR } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
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
  shopId = (await createShop(api.app, owner.access, { name: 'Answering Stores' })).id;
});
afterAll(() => api.close());

const answerPath = (ratingId: string, id = shopId) => `/shops/${id}/ratings/${ratingId}/answer`;
const putAnswer = (person: SignedUp | null, ratingId: string, payload: unknown, id = shopId) =>
  api.app.inject({ method: 'PUT', url: answerPath(ratingId, id), payload: payload as object, headers: person ? bearer(person.access) : {} });
const deleteAnswer = (person: SignedUp, ratingId: string) => api.app.inject({ method: 'DELETE', url: answerPath(ratingId), headers: bearer(person.access) });
/** A new buyer's review of the shop, by its id. */
const review = async (id = shopId) => {
  const buyer = await signUp(api.app);
  const rated = await api.app.inject({ method: 'PUT', url: `/shops/${id}/rating`, payload: { stars: 2, review: 'Late' }, headers: bearer(buyer.access) });
  return rated.json().id as string;
};
const shownAnswer = async (ratingId: string) => {
  const list = (await api.app.inject({ method: 'GET', url: `/shops/${shopId}/ratings?page_size=100` })).json();
  return list.results.find((rating: { id: string }) => rating.id === ratingId).answer;
};

describe("a shop's answers to its reviews", () => {
  it('lets the owner answer a review once, publicly, and edit that answer', async () => {
    const ratingId = await review();
    const first = await putAnswer(owner, ratingId, { answer: 'Sorry, the bus broke down.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().answer).toMatchObject({ body: 'Sorry, the bus broke down.' });
    const edited = await putAnswer(owner, ratingId, { answer: 'Sorry, the bus broke down. We refunded the delivery.' });
    expect(edited.statusCode).toBe(200);
    expect(await shownAnswer(ratingId)).toMatchObject({ body: 'Sorry, the bus broke down. We refunded the delivery.' });
    const shop = (await api.app.inject({ method: 'GET', url: `/shops/${shopId}` })).json();
    expect(shop.latest_ratings.find((rating: { id: string }) => rating.id === ratingId).answer.body).toContain('refunded');
    expect((await deleteAnswer(owner, ratingId)).statusCode).toBe(204);
    expect(await shownAnswer(ratingId)).toBeNull();
    expect((await deleteAnswer(owner, ratingId)).json()).toEqual({ detail: MSG.answerNotFound });
  });

  it("refuses anyone but the shop's owner, and reviews of other shops", async () => {
    const ratingId = await review();
    const buyer = await signUp(api.app);
    const refused = await putAnswer(buyer, ratingId, { answer: 'I am the owner, honest' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MSG.answerNotOwner });
    expect((await putAnswer(null, ratingId, { answer: 'Hi' })).statusCode).toBe(401);
    // Another shop's owner, through their own shop's address or this one's.
    const rival = await signUp(api.app);
    const rivalShop = (await createShop(api.app, rival.access)).id;
    expect((await putAnswer(rival, ratingId, { answer: 'Go elsewhere' })).statusCode).toBe(403);
    expect((await putAnswer(rival, ratingId, { answer: 'Go elsewhere' }, rivalShop)).statusCode).toBe(404);
    expect((await putAnswer(owner, await review(rivalShop), { answer: 'Not mine' })).statusCode).toBe(404);
    expect(await shownAnswer(ratingId)).toBeNull();
  });

  it('answers hostile input with a 400, never a 5xx', async () => {
    const ratingId = await review();
    for (const payload of [
      { answer: 'x'.repeat(501) },
      { answer: 'bad\u0000byte' },
      { answer: ['one', 'two'] },
      { answer: '   ' },
      {},
      { answer: { body: 'nested' } },
      { answer: 42 },
    ]) {
      const answer = await putAnswer(owner, ratingId, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await putAnswer(owner, ratingId, { answer: 'x'.repeat(501) })).json()).toEqual({ answer: [MSG.tooLong(500)] });
    expect((await putAnswer(owner, ratingId, { answer: '' })).json()).toEqual({ answer: [MSG.answerRequired] });
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expect((await putAnswer(owner, id, { answer: 'Hello' })).statusCode).toBe(404);
    }
    expect((await putAnswer(owner, ratingId, { answer: 'y'.repeat(500) })).statusCode).toBe(201);
  });

  it('goes to the moderators when reported; once hidden it leaves the shop and its owner can neither change nor remove it', async () => {
    const ratingId = await review();
    await putAnswer(owner, ratingId, { answer: 'You are a liar.' });
    const reporter = await signUp(api.app);
    const reportUrl = `${answerPath(ratingId)}/reports`;
    const reported = await api.app.inject({ method: 'POST', url: reportUrl, payload: { reason: 'offensive' }, headers: bearer(reporter.access) });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(reported.json()).toMatchObject({ rating_id: ratingId, about_answer: true });
    // The review itself can still be reported by the same person: the answer's report is its own.
    const reviewReport = await api.app.inject({
      method: 'POST',
      url: `/shops/${shopId}/ratings/${ratingId}/reports`,
      payload: { reason: 'other', details: 'Spam' },
      headers: bearer(reporter.access),
    });
    expect(reviewReport.statusCode).toBe(201);

    const queue = (await api.app.inject({ method: 'GET', url: '/moderation/reports', headers: bearer(moderator.access) })).json();
    const kinds = queue.results.filter((item: { rating_id: string }) => item.rating_id === ratingId).map((item: { kind: string }) => item.kind);
    expect(kinds.sort()).toEqual(['answer', 'review']);
    const item = queue.results.find((entry: { kind: string; rating_id: string }) => entry.kind === 'answer' && entry.rating_id === ratingId);
    expect(item).toMatchObject({ answer: 'You are a liar.', review: 'Late', open_reports: 1 });

    const moderation = `/moderation/shops/${shopId}/reviews/${ratingId}/answer`;
    const page = (await api.app.inject({ method: 'GET', url: moderation, headers: bearer(moderator.access) })).json();
    expect(page.open_reports).toHaveLength(1);
    const hidden = await api.app.inject({
      method: 'POST',
      url: `${moderation}/actions`,
      payload: { action: 'hide', note: 'Insults' },
      headers: bearer(moderator.access),
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().hidden_at).not.toBeNull();
    expect(await shownAnswer(ratingId)).toBeNull();
    // The review's own report is untouched by the answer's action.
    const reviewPage = (
      await api.app.inject({ method: 'GET', url: `/moderation/shops/${shopId}/reviews/${ratingId}`, headers: bearer(moderator.access) })
    ).json();
    expect(reviewPage).toMatchObject({ kind: 'review', hidden_at: null });
    expect(reviewPage.open_reports).toHaveLength(1);

    expect((await putAnswer(owner, ratingId, { answer: 'Sorry' })).json()).toEqual({ detail: MSG.hiddenAnswerKept });
    expect((await deleteAnswer(owner, ratingId)).statusCode).toBe(409);
    expect(await shownAnswer(ratingId)).toBeNull();
    const again = await api.app.inject({ method: 'POST', url: reportUrl, payload: { reason: 'offensive' }, headers: bearer(reporter.access) });
    expect(again.statusCode).toBe(404);
  });

  it(`lets an owner save or remove answers ${ANSWER_WRITES_PER_HOUR} times an hour, then answers 429`, async () => {
    const busy = await signUp(api.app);
    const busyShop = (await createShop(api.app, busy.access)).id;
    const ratingId = await review(busyShop);
    for (let i = 0; i < ANSWER_WRITES_PER_HOUR; i += 1) {
      expect((await putAnswer(busy, ratingId, { answer: `Thanks ${i}` }, busyShop)).statusCode).toBeLessThan(300);
    }
    expect((await putAnswer(busy, ratingId, { answer: 'One more' }, busyShop)).statusCode).toBe(429);
  });
});
