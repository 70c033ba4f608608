import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { moderationActions, users } from '#server/db/schema.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, newPerson, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

let api: TestApi;
let mediaRoot: string;
beforeAll(async () => {
  // The messages below mail their alerts; none is read here.
  api = await startTestApi({ mailer: { send: async () => {} } });
  mediaRoot = path.join(api.dataDir, 'media');
});
afterAll(() => api.close());

const PASSWORD = newPerson().password;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, access: string, payload?: object) =>
  api.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });
const deleteAccount = (person: SignedUp, current_password = PASSWORD) => send('POST', '/auth/account/delete', person.access, { current_password });
const count = async (query: ReturnType<typeof sql>) => ((await api.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

/** Every file under the media folder, as paths relative to it. */
async function mediaFiles(): Promise<string[]> {
  return (await readdir(mediaRoot, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The media keys of a shop's photo and its copies, from the URLs the API gave. */
const keysOf = (shop: { image_url: string; image: { variants: { url: string }[] } }) =>
  [shop.image_url, ...shop.image.variants.map((variant) => variant.url)].map((url) => new URL(url).pathname.replace(/^\/media\//, ''));

/** A seller with a shop, a product, a rating and a saved shop, and a buyer who wrote to them and whom they wrote to. */
async function sellerWithEverything() {
  const seller = await signUp(api.app);
  const buyer = await signUp(api.app);
  const shop = await createShop(api.app, seller.access, { name: 'Ngozi Phones' });
  expect((await addProducts(api.app, seller.access, shop.id, [{ name: 'Tecno Spark', price: 85000 }])).statusCode).toBe(201);
  const buyerShop = await createShop(api.app, buyer.access, { name: 'Musa Shoes' });
  expect((await send('PUT', `/shops/${buyerShop.id}/rating`, seller.access, { stars: 5, review: 'Good leather' })).statusCode).toBe(201);
  expect((await send('PUT', `/saved/${buyerShop.id}/`, seller.access)).statusCode).toBe(201);
  const asked = await send('POST', `/shops/${shop.id}/messages`, buyer.access, { body: 'Is the Spark new?' });
  expect(asked.statusCode).toBe(201);
  const threadId = asked.json().thread_id as string;
  expect((await send('POST', `/threads/${threadId}/messages`, seller.access, { body: 'Brand new, sealed' })).statusCode).toBe(201);
  // And the seller as a buyer, writing to the buyer's shop.
  const wrote = await send('POST', `/shops/${buyerShop.id}/messages`, seller.access, { body: 'Size 43 in brown?' });
  expect(wrote.statusCode).toBe(201);
  return { seller, buyer, shop, buyerShop, threadId, sellerAsBuyerThread: wrote.json().thread_id as string };
}

describe('deleting an account', () => {
  it('frees the username and email: signing up again with them works', async () => {
    const person = await signUp(api.app);
    expect((await deleteAccount(person)).statusCode).toBe(204);

    expect((await send('GET', '/auth/profile', person.access)).statusCode).toBe(401);
    const again = await signUp(api.app, { username: person.username.toUpperCase(), email: person.email });
    expect(again.id).not.toBe(person.id);
  });

  it('removes its shops’ and products’ photo files from disk, its ratings and saved shops', async () => {
    const { seller, shop, buyerShop } = await sellerWithEverything();
    const before = await mediaFiles();
    const shopFiles = keysOf(shop).map((key) => path.join(mediaRoot, key));
    expect(before).toEqual(expect.arrayContaining(shopFiles));
    const shopFolder = path.dirname(shopFiles[0]!);

    expect((await deleteAccount(seller)).statusCode).toBe(204);

    const after = await mediaFiles();
    expect(after.filter((file) => file.startsWith(shopFolder))).toEqual([]);
    // The shop and its one product each took their files with them; the buyer's shop keeps its own.
    expect(after.length).toBeLessThan(before.length - shopFiles.length);
    expect(after).toEqual(expect.arrayContaining(keysOf(buyerShop).map((key) => path.join(mediaRoot, key))));
    expect((await api.app.inject({ method: 'GET', url: `/shops/${shop.id}` })).statusCode).toBe(404);
    expect(await count(sql`select count(*)::int as n from products where shop_id = ${shop.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from ratings where user_id = ${seller.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from saved_shops where user_id = ${seller.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from sessions where user_id = ${seller.id}`)).toBe(0);
    const rated = (await api.app.inject({ method: 'GET', url: `/shops/${buyerShop.id}` })).json();
    expect(rated.rating_count).toBe(0);
  });

  it('keeps the other side’s threads readable, from "a deleted account", and refuses a reply in them', async () => {
    const { seller, buyer, threadId, sellerAsBuyerThread } = await sellerWithEverything();
    expect((await deleteAccount(seller)).statusCode).toBe(204);

    // The buyer wrote to the seller's shop: the shop is gone, the conversation is not.
    const asBuyer = await send('GET', `/threads/${threadId}`, buyer.access);
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.json()).toMatchObject({ other_name: MSG.deletedAccount, other_deleted: true, can_write: false, shop: { id: null } });
    expect(asBuyer.json().messages.map((message: { from: string; mine: boolean; body: string }) => [message.from, message.mine, message.body])).toEqual([
      ['buyer', true, 'Is the Spark new?'],
      ['shop', false, 'Brand new, sealed'],
    ]);
    // The seller wrote to the buyer's shop as a buyer: the buyer's shop side reads the same.
    const asShop = await send('GET', `/threads/${sellerAsBuyerThread}`, buyer.access);
    expect(asShop.json()).toMatchObject({ other_name: MSG.deletedAccount, buyer_name: MSG.deletedAccount, can_write: false });
    expect(asShop.json().messages).toEqual([expect.objectContaining({ from: 'buyer', mine: false, body: 'Size 43 in brown?' })]);

    const inbox = (await send('GET', '/threads', buyer.access)).json().results;
    expect(inbox.map((thread: { other_name: string }) => thread.other_name)).toEqual([MSG.deletedAccount, MSG.deletedAccount]);

    const reply = await send('POST', `/threads/${threadId}/messages`, buyer.access, { body: 'Hello?' });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ detail: MSG.otherSideDeleted });

    const exported = (await send('GET', '/auth/data-export', buyer.access)).json();
    expect(exported.threads.map((thread: { other_name: string }) => thread.other_name)).toEqual([MSG.deletedAccount, MSG.deletedAccount]);
  });

  it('drops a thread once both of its sides have deleted their accounts', async () => {
    const { seller, buyer, threadId } = await sellerWithEverything();
    expect((await deleteAccount(seller)).statusCode).toBe(204);
    expect((await deleteAccount(buyer)).statusCode).toBe(204);
    expect(await count(sql`select count(*)::int as n from threads where id = ${threadId}`)).toBe(0);
  });

  it('keeps a moderator’s action on the shop in the log, without the shop or the person', async () => {
    const { seller, shop } = await sellerWithEverything();
    const moderator = await signUp(api.app);
    await api.database.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    const hidden = await send('POST', `/moderation/shops/${shop.id}/actions`, moderator.access, { action: 'hide', note: 'Fake phones' });
    expect(hidden.statusCode).toBe(200);

    expect((await deleteAccount(seller)).statusCode).toBe(204);

    const log = await api.database.db.select().from(moderationActions).where(eq(moderationActions.note, 'Fake phones'));
    expect(log).toEqual([expect.objectContaining({ action: 'hide', shopId: null, moderatorId: moderator.id })]);
  });

  it('leaves a report on a deleted buyer’s message readable to moderators; a deleted shop’s messages cannot be reported', async () => {
    const { seller, buyer, threadId, sellerAsBuyerThread } = await sellerWithEverything();
    const moderator = await signUp(api.app);
    await api.database.db.update(users).set({ isModerator: true }).where(eq(users.id, moderator.id));
    // The buyer reports what the seller wrote as a buyer in the buyer's shop's thread.
    const sellerLine = (await send('GET', `/threads/${sellerAsBuyerThread}`, buyer.access)).json().messages[0].id as number;
    expect((await send('POST', `/threads/${sellerAsBuyerThread}/messages/${sellerLine}/reports`, buyer.access, { reason: 'scam' })).statusCode).toBe(201);
    const shopLine = (await send('GET', `/threads/${threadId}`, buyer.access)).json().messages[1].id as number;

    expect((await deleteAccount(seller)).statusCode).toBe(204);

    const item = await send('GET', `/moderation/messages/${sellerLine}`, moderator.access);
    expect(item.statusCode).toBe(200);
    expect(item.json()).toMatchObject({ buyer_name: MSG.deletedAccount, from: 'buyer' });
    const refused = await send('POST', `/threads/${threadId}/messages/${shopLine}/reports`, buyer.access, { reason: 'scam' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: MSG.deletedAccountReport });
  });

  it('refuses a wrong password on its field and deletes nothing', async () => {
    const { seller, shop } = await sellerWithEverything();
    const files = await mediaFiles();

    const refused = await deleteAccount(seller, 'not-my-password');

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ current_password: [MSG.currentPasswordWrong] });
    expect((await send('GET', '/auth/profile', seller.access)).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: `/shops/${shop.id}` })).statusCode).toBe(200);
    expect(await mediaFiles()).toEqual(files);
    expect((await send('POST', '/auth/account/delete', seller.access, {})).statusCode).toBe(400);
  });

  it('deleting only a shop still takes its threads: only a deleted account leaves them to the other side', async () => {
    const { seller, buyer, shop, threadId } = await sellerWithEverything();
    expect((await api.app.inject({ method: 'DELETE', url: `/shops/${shop.id}/delete/`, headers: bearer(seller.access) })).statusCode).toBe(204);
    expect((await send('GET', `/threads/${threadId}`, buyer.access)).statusCode).toBe(404);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await api.app.inject({ method: 'POST', url: '/auth/account/delete', payload: { current_password: PASSWORD } })).statusCode).toBe(401);
  });
});
