import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setModerator } from '#server/moderation/items.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let shopId: string;
let productId: string;

beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
  shopId = (await createShop(api.app, owner.access, { name: 'Labelled Wares' })).id;
  productId = (await addProducts(api.app, owner.access, shopId, [{ name: 'Garri', price: 2500 }])).json()[0].id;
});
afterAll(() => api.close());

const post = async (person: SignedUp, url: string, payload?: object) => {
  const answer = await api.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: bearer(person.access) });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
};
const rate = async (person: SignedUp, stars: number, review = '') => {
  const answer = await api.app.inject({ method: 'PUT', url: `/shops/${shopId}/rating`, payload: { stars, review }, headers: bearer(person.access) });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json();
};
/** The buyer's order request, as the API sends it. */
const order = async (buyer: SignedUp) =>
  (await post(buyer, `/shops/${shopId}/orders`, { lines: [{ product_id: productId, quantity: 1 }] })).message.order.id as string;
const completeOrder = async (orderId: string) => {
  for (const action of ['accept', 'complete']) await post(owner, `/orders/${orderId}/${action}`);
};
const labelOf = async (buyer: SignedUp) => {
  const list = (await api.app.inject({ method: 'GET', url: `/shops/${shopId}/ratings?page_size=100` })).json();
  return list.results.find((rating: { author: string }) => rating.author === buyer.username).label;
};

describe('where a review comes from', () => {
  it('says "ordered" for a writer whose order the shop marked completed before they rated', async () => {
    const buyer = await signUp(api.app);
    await completeOrder(await order(buyer));
    expect((await rate(buyer, 5, 'Fresh garri')).label).toBe('ordered');
    expect(await labelOf(buyer)).toBe('ordered');
  });

  it('says "talked" for a writer the shop answered in their thread', async () => {
    const buyer = await signUp(api.app);
    const { thread_id: threadId } = await post(buyer, `/shops/${shopId}/messages`, { body: 'Do you deliver to Yaba?' });
    await post(owner, `/threads/${threadId}/messages`, { body: 'Yes, on Saturdays.' });
    expect((await rate(buyer, 4)).label).toBe('talked');
    expect(await labelOf(buyer)).toBe('talked');
  });

  it('gives no label to a writer the shop never answered, nor for an order still waiting', async () => {
    const unanswered = await signUp(api.app);
    await post(unanswered, `/shops/${shopId}/messages`, { body: 'Hello?' });
    expect((await rate(unanswered, 1)).label).toBeNull();
    const waiting = await signUp(api.app);
    await order(waiting);
    expect((await rate(waiting, 2)).label).toBeNull();
    const stranger = await signUp(api.app);
    expect((await rate(stranger, 3)).label).toBeNull();
    expect(await labelOf(stranger)).toBeNull();
  });

  it('does not count a reply from the shop that a moderator removed', async () => {
    const buyer = await signUp(api.app);
    const moderator = await signUp(api.app);
    await setModerator(api.database.db, moderator.email, true);
    const { thread_id: threadId } = await post(buyer, `/shops/${shopId}/messages`, { body: 'Price?' });
    const { message } = await post(owner, `/threads/${threadId}/messages`, { body: 'Rude words' });
    const hidden = await api.app.inject({
      method: 'POST',
      url: `/moderation/messages/${message.id}/actions`,
      payload: { action: 'hide', note: 'Abuse' },
      headers: bearer(moderator.access),
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await rate(buyer, 1)).label).toBeNull();
  });

  it('counts only what happened before the last save: an order completed after the rating labels it once the writer saves again', async () => {
    const buyer = await signUp(api.app);
    const orderId = await order(buyer);
    expect((await rate(buyer, 2, 'Not delivered yet')).label).toBeNull();
    await completeOrder(orderId);
    // The shop marking the order completed does not vouch for words written before it.
    expect(await labelOf(buyer)).toBeNull();
    expect((await rate(buyer, 4, 'Delivered in the end')).label).toBe('ordered');
  });

  it("tells on the shop's answer how many of the counted ratings carry a label", async () => {
    const list = (await api.app.inject({ method: 'GET', url: `/shops/${shopId}/ratings?page_size=100` })).json();
    const labelled = list.results.filter((rating: { label: string | null }) => rating.label !== null).length;
    expect(labelled).toBeGreaterThanOrEqual(3);
    const shop = (await api.app.inject({ method: 'GET', url: `/shops/${shopId}` })).json();
    expect(shop.rating_labelled_count).toBe(labelled);
    expect(shop.rating_count).toBe(list.results.length);
    expect(shop.latest_ratings[0]).toHaveProperty('label');
  });
});
