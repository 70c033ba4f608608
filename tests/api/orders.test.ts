import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { shops, threads } from '#server/db/schema.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let shopId: string;
let lace: string;
let wrapper: string;
let otherShopProduct: string;

beforeAll(async () => {
  api = await startTestApi();
  owner = await signUp(api.app);
  shopId = (await createShop(api.app, owner.access, { name: 'Ada Fabrics' })).id;
  [lace, wrapper] = (
    await addProducts(api.app, owner.access, shopId, [
      { name: 'Lace', price: 12000 },
      { name: 'Ankara wrapper', price: 4500.5 },
    ])
  )
    .json()
    .map((product: { id: string }) => product.id);
  const other = await signUp(api.app);
  const otherShop = (await createShop(api.app, other.access)).id;
  otherShopProduct = (await addProducts(api.app, other.access, otherShop, [{ name: 'Rice', price: 500 }])).json()[0].id;
});
afterAll(() => api.close());

const order = (person: SignedUp, payload: object, id = shopId) =>
  api.app.inject({ method: 'POST', url: `/shops/${id}/orders`, payload, headers: bearer(person.access) });
const act = (person: SignedUp, orderId: string, action: string, payload?: object) =>
  api.app.inject({ method: 'POST', url: `/orders/${orderId}/${action}`, ...(payload ? { payload } : {}), headers: bearer(person.access) });
const thread = async (person: SignedUp, id: string) => (await api.app.inject({ method: 'GET', url: `/threads/${id}`, headers: bearer(person.access) })).json();

describe('order requests', () => {
  it("sends two products into the buyer's thread, priced as they are now, and the owner accepts, readies and completes it", async () => {
    const buyer = await signUp(api.app);
    const sent = await order(buyer, {
      lines: [
        { product_id: lace, quantity: 2 },
        { product_id: wrapper, quantity: 1 },
      ],
      note: 'For Saturday',
    });
    expect(sent.statusCode).toBe(201);
    const { thread_id: threadId, message } = sent.json();
    expect(message.body).toBe(MSG.orderRequested(3, '₦28,500.50'));
    expect(message.order).toMatchObject({
      status: 'requested',
      total: 28500.5,
      note: 'For Saturday',
      lines: [
        { product_id: lace, name: 'Lace', unit_price: 12000, quantity: 2 },
        { product_id: wrapper, name: 'Ankara wrapper', unit_price: 4500.5, quantity: 1 },
      ],
    });
    const orderId = message.order.id;
    const inbox = (await api.app.inject({ method: 'GET', url: '/threads', headers: bearer(owner.access) })).json();
    expect(inbox.results[0]).toMatchObject({ id: threadId, unread: true, last_message: { order_status: 'requested' } });

    for (const [action, status] of [
      ['accept', 'accepted'],
      ['ready', 'ready'],
      ['complete', 'completed'],
    ]) {
      const moved = await act(owner, orderId, action!);
      expect(moved.statusCode, moved.body).toBe(201);
      expect(moved.json().message).toMatchObject({ from: 'shop', body: MSG.orderMoved[status as 'accepted'], order: { status } });
    }
    const seen = await thread(buyer, threadId);
    expect(seen.messages.map((line: { order: { status: string } | null }) => line.order?.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    const buyerInbox = (await api.app.inject({ method: 'GET', url: '/threads', headers: bearer(buyer.access) })).json();
    expect(buyerInbox.results[0].last_message).toMatchObject({ body: 'Order completed.', order_status: 'completed' });
  });

  it('refuses illegal moves with 409 in clear words, and each side the other’s moves with 403', async () => {
    const buyer = await signUp(api.app);
    const orderId = (await order(buyer, { lines: [{ product_id: lace, quantity: 1 }] })).json().message.order.id;
    expect((await act(buyer, orderId, 'accept')).json()).toEqual({ detail: MSG.orderShopOnly });
    expect((await act(owner, orderId, 'cancel')).json()).toEqual({ detail: MSG.orderBuyerOnly });
    const early = await act(owner, orderId, 'ready');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: "This order is waiting for the shop's answer, so it cannot be marked ready." });
    expect((await act(owner, orderId, 'accept')).statusCode).toBe(201);
    const late = await act(buyer, orderId, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'This order is accepted, so it cannot be cancelled.' });
    expect((await act(owner, orderId, 'accept')).statusCode).toBe(409);
  });

  it('lets the buyer cancel a request not yet accepted, and the owner decline one with a reason', async () => {
    const buyer = await signUp(api.app);
    const first = (await order(buyer, { lines: [{ product_id: lace, quantity: 1 }] })).json().message.order.id;
    expect((await act(buyer, first, 'cancel')).json().message).toMatchObject({
      from: 'buyer',
      body: 'Order request cancelled.',
      order: { status: 'cancelled' },
    });
    expect((await act(owner, first, 'decline')).statusCode).toBe(409);
    const second = (await order(buyer, { lines: [{ product_id: wrapper, quantity: 3 }] })).json().message.order.id;
    const declined = await act(owner, second, 'decline', { reason: 'Sold out of that pattern' });
    expect(declined.json().message).toMatchObject({
      body: MSG.orderDeclinedBecause('Sold out of that pattern'),
      order: { status: 'declined', decline_reason: 'Sold out of that pattern' },
    });
  });

  it("takes only this shop's products, each once, in quantities from 1 to 999", async () => {
    const buyer = await signUp(api.app);
    expect((await order(buyer, { lines: [{ product_id: otherShopProduct, quantity: 1 }] })).json()).toEqual({ lines: [MSG.orderProductUnknown] });
    expect((await order(buyer, { lines: [{ product_id: 'nope', quantity: 1 }] })).json()).toEqual({ lines: [MSG.orderProductUnknown] });
    expect((await order(buyer, { lines: [] })).json()).toEqual({ lines: [MSG.orderLinesRequired] });
    expect((await order(buyer, {})).json()).toEqual({ lines: [MSG.orderLinesRequired] });
    const twice = await order(buyer, {
      lines: [
        { product_id: lace, quantity: 1 },
        { product_id: lace.toUpperCase(), quantity: 1 },
      ],
    });
    expect(twice.json()).toEqual({ lines: [MSG.orderProductTwice] });
    for (const quantity of [0, 1000, 1.5, '2']) expect((await order(buyer, { lines: [{ product_id: lace, quantity }] })).statusCode).toBe(400);
    expect((await order(owner, { lines: [{ product_id: lace, quantity: 1 }] })).json()).toEqual({ detail: MSG.ownShopMessage });
    // A refused request opens no thread.
    expect(await api.database.db.select().from(threads).where(eq(threads.buyerId, buyer.id))).toEqual([]);
  });

  it('takes no request from a buyer the shop blocked, nor for a hidden shop', async () => {
    const buyer = await signUp(api.app);
    const sent = (await order(buyer, { lines: [{ product_id: lace, quantity: 1 }] })).json();
    await api.app.inject({ method: 'POST', url: `/threads/${sent.thread_id}/block`, headers: bearer(owner.access) });
    const blocked = await order(buyer, { lines: [{ product_id: lace, quantity: 1 }] });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ detail: MSG.blockedByOther });
    expect((await act(buyer, sent.message.order.id, 'cancel')).statusCode).toBe(403);
    const hiddenOwner = await signUp(api.app);
    const hidden = (await createShop(api.app, hiddenOwner.access)).id;
    const rice = (await addProducts(api.app, hiddenOwner.access, hidden, [{ name: 'Rice', price: 500 }])).json()[0].id;
    await api.database.db.update(shops).set({ hiddenAt: new Date(), hiddenReason: 'Scam' }).where(eq(shops.id, hidden));
    expect((await order(buyer, { lines: [{ product_id: rice, quantity: 1 }] }, hidden)).statusCode).toBe(404);
  });

  it('answers 404 for an order to anyone but the two sides, and for any bad id or action', async () => {
    const buyer = await signUp(api.app);
    const orderId = (await order(buyer, { lines: [{ product_id: lace, quantity: 1 }] })).json().message.order.id;
    const stranger = await signUp(api.app);
    for (const [person, id, action] of [
      [stranger, orderId, 'cancel'],
      [stranger, orderId, 'accept'],
      [buyer, orderId, 'pay'],
      [buyer, '00000000-0000-4000-8000-000000000000', 'cancel'],
      [buyer, 'x', 'cancel'],
    ] as const) {
      const answer = await act(person, id, action);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: MSG.notFound });
    }
  });
});
