import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { mailOutbox, shops } from '#server/db/schema.ts';
import { queueRenewalReminders } from '#server/payments/renewal-reminders.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, newPerson, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop } from './support/shops';

let api: TestApi;
/** Who was mailed, not the mail: a file outbox may still be writing when the test ends. */
const mailedTo: string[] = [];
beforeAll(async () => {
  api = await startTestApi({
    mailer: {
      send: async (mail) => {
        mailedTo.push(mail.to);
      },
    },
  });
});
afterAll(() => api.close());

const PASSWORD = newPerson().password;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, access: string, payload?: object) =>
  api.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });
const profile = (access: string) => send('GET', '/auth/profile', access);
const login = async (name: string, password: string) => api.app.inject({ method: 'POST', url: '/auth/login/', payload: { username_or_email: name, password } });
const refresh = (token: string) => api.app.inject({ method: 'POST', url: '/auth/token/refresh/', payload: { refresh: token } });

/** The same person signed in a second time, as on another phone. */
async function secondSignIn(person: SignedUp, password = PASSWORD) {
  const response = await login(person.username, password);
  expect(response.statusCode).toBe(200);
  return response.json().token as { access: string; refresh: string };
}

describe('profile', () => {
  it('changes the username, email and phone, the phone kept as +234…', async () => {
    const person = await signUp(api.app);
    const changed = { username: `${person.username}new`, email: `new.${person.email}`, phone_number: '0905 123 4567' };
    const response = await send('PUT', '/auth/profile', person.access, changed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: changed.username, email: changed.email, phone_number: '+2349051234567' });
    expect((await profile(person.access)).json()).toMatchObject({ username: changed.username });
    expect((await login(changed.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a username or email another account holds, ignoring case, in the words of signup', async () => {
    const person = await signUp(api.app);
    const other = await signUp(api.app);
    const response = await send('PUT', '/auth/profile', person.access, {
      username: other.username.toUpperCase(),
      email: other.email.toUpperCase(),
      phone_number: '08031234567',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [MSG.usernameTaken], email: [MSG.emailTaken] });
  });

  it('keeps its own name when only the phone changes', async () => {
    const person = await signUp(api.app);
    const response = await send('PUT', '/auth/profile', person.access, { username: person.username, email: person.email, phone_number: '+2348111111111' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses what signup refuses', async () => {
    const person = await signUp(api.app);
    const response = await send('PUT', '/auth/profile', person.access, { username: 'a!', email: 'nope', phone_number: '123' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['email', 'phone_number', 'username']);
  });
});

describe('password change', () => {
  it('ends every other sign-in and keeps this one with the new tokens it answers', async () => {
    const person = await signUp(api.app);
    const phone = await secondSignIn(person);
    const response = await send('POST', '/auth/password/change', person.access, { current_password: PASSWORD, new_password: 'market-day-2026' });
    expect(response.statusCode).toBe(200);
    const fresh = response.json() as { access: string; refresh: string };

    expect((await profile(fresh.access)).statusCode).toBe(200);
    expect((await refresh(fresh.refresh)).statusCode).toBe(200);
    expect((await profile(phone.access)).statusCode).toBe(401);
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await login(person.username, PASSWORD)).statusCode).toBe(401);
    expect((await login(person.username, 'market-day-2026')).statusCode).toBe(200);
  });

  it('refuses a wrong current password on its field and changes nothing', async () => {
    const person = await signUp(api.app);
    const phone = await secondSignIn(person);
    const response = await send('POST', '/auth/password/change', person.access, { current_password: 'not-my-password', new_password: 'market-day-2026' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ current_password: [MSG.currentPasswordWrong] });
    expect((await profile(phone.access)).statusCode).toBe(200);
    expect((await login(person.username, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a new password under the signup rules', async () => {
    const person = await signUp(api.app);
    const short = await send('POST', '/auth/password/change', person.access, { current_password: PASSWORD, new_password: 'abc' });
    expect(short.json()).toEqual({ new_password: [MSG.passwordMin] });
    const common = await send('POST', '/auth/password/change', person.access, { current_password: PASSWORD, new_password: 'password123' });
    expect(common.json()).toEqual({ new_password: [MSG.passwordTooCommon] });
  });
});

describe('sign out everywhere else', () => {
  it('ends the other sign-ins but not the caller’s', async () => {
    const person = await signUp(api.app);
    const phone = await secondSignIn(person);
    const laptop = await secondSignIn(person);
    const response = await send('POST', '/auth/sessions/revoke-others', person.access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect((await profile(person.access)).statusCode).toBe(200);
    expect((await refresh(person.refresh)).statusCode).toBe(200);
    for (const other of [phone, laptop]) {
      expect((await profile(other.access)).statusCode).toBe(401);
      expect((await refresh(other.refresh)).statusCode).toBe(401);
    }
  });
});

describe('mail alerts', () => {
  const mailsTo = (person: SignedUp) => mailedTo.filter((to) => to === person.email).length;

  it('are on for a new account, and turned off no message is mailed to the person', async () => {
    const owner = await signUp(api.app);
    const buyer = await signUp(api.app);
    expect((await profile(owner.access)).json()).toMatchObject({ message_mail_alerts: true, renewal_mail_alerts: true });
    const shop = await createShop(api.app, owner.access);
    const off = await send('PUT', '/auth/alerts', owner.access, { message_mail: false, renewal_mail: true });
    expect(off.json()).toEqual({ message_mail: false, renewal_mail: true });
    expect((await profile(owner.access)).json()).toMatchObject({ message_mail_alerts: false, renewal_mail_alerts: true });

    const asked = await send('POST', `/shops/${shop.id}/messages`, buyer.access, { body: 'Open on Sunday?' });
    await send('POST', `/threads/${asked.json().thread_id}/messages`, owner.access, { body: 'Yes, from noon' });
    // The queue sends in order, so once the buyer's alert is out, an alert to the owner would be out too.
    await expect.poll(() => mailsTo(buyer), { timeout: 5_000 }).toBe(1);
    expect(mailsTo(owner)).toBe(0);
  });

  it('turned off, no renewal reminder is queued for the person’s ads', async () => {
    const owner = await signUp(api.app);
    const endsAt = new Date('2031-03-20T13:00:00Z');
    const shop = await createShop(api.app, owner.access);
    await api.database.db.update(shops).set({ sponsoredUntil: endsAt }).where(eq(shops.id, shop.id));
    const reminders = async () => (await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.shopId, shop.id))).length;

    await send('PUT', '/auth/alerts', owner.access, { message_mail: true, renewal_mail: false });
    await queueRenewalReminders(api.database.db, new Date(endsAt.getTime() - 3 * 24 * 60 * 60_000));
    expect(await reminders()).toBe(0);
    await send('PUT', '/auth/alerts', owner.access, { message_mail: true, renewal_mail: true });
    await queueRenewalReminders(api.database.db, new Date(endsAt.getTime() - 3 * 24 * 60 * 60_000));
    expect(await reminders()).toBe(1);
  });
});

describe('data export', () => {
  it("holds the person's account, shops, products, ratings, saved shops and threads, and nothing of anyone else", async () => {
    const person = await signUp(api.app);
    const seller = await signUp(api.app);
    const stranger = await signUp(api.app);
    const own = await createShop(api.app, person.access, { name: 'Ada Fabrics' });
    expect((await addProducts(api.app, person.access, own.id, [{ name: 'Ankara wrapper', price: 4500 }])).statusCode).toBe(201);
    const theirs = await createShop(api.app, seller.access, { name: 'Bola Phones' });
    const strangers = await createShop(api.app, stranger.access, { name: 'Stranger Shoes' });
    expect((await send('PUT', `/shops/${theirs.id}/rating`, person.access, { stars: 4, review: 'Fair prices' })).statusCode).toBe(201);
    expect((await send('PUT', `/shops/${strangers.id}/rating`, stranger.access, { stars: 1, review: 'stranger review' })).statusCode).toBe(403);
    expect((await send('PUT', `/shops/${theirs.id}/rating`, stranger.access, { stars: 2, review: 'stranger review' })).statusCode).toBe(201);
    expect((await send('PUT', `/saved/${theirs.id}/`, person.access)).statusCode).toBe(201);
    const asked = await send('POST', `/shops/${theirs.id}/messages`, person.access, { body: 'Do you have a Tecno Spark?' });
    const threadId = asked.json().thread_id;
    expect((await send('POST', `/threads/${threadId}/messages`, seller.access, { body: 'Yes, come to the shop' })).statusCode).toBe(201);
    expect((await send('POST', `/shops/${own.id}/messages`, stranger.access, { body: 'Is the wrapper still there?' })).statusCode).toBe(201);
    expect((await send('POST', `/shops/${theirs.id}/messages`, stranger.access, { body: 'stranger to Bola' })).statusCode).toBe(201);

    const response = await send('GET', '/auth/data-export', person.access);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const exported = response.json();
    expect(exported.account).toMatchObject({ id: person.id, username: person.username, email: person.email });
    expect(exported.shops.map((shop: { name: string }) => shop.name)).toEqual(['Ada Fabrics']);
    expect(exported.shops[0].products.map((product: { name: string }) => product.name)).toEqual(['Ankara wrapper']);
    expect(exported.ratings).toEqual([expect.objectContaining({ shop_id: theirs.id, shop_name: 'Bola Phones', stars: 4, review: 'Fair prices' })]);
    expect(exported.saved_shops).toEqual([expect.objectContaining({ shop_id: theirs.id, shop_name: 'Bola Phones' })]);
    const asBuyer = exported.threads.find((thread: { role: string }) => thread.role === 'buyer');
    expect(asBuyer.messages.map((message: { body: string; from: string; mine: boolean }) => [message.from, message.mine, message.body])).toEqual([
      ['buyer', true, 'Do you have a Tecno Spark?'],
      ['shop', false, 'Yes, come to the shop'],
    ]);
    const asShop = exported.threads.find((thread: { role: string }) => thread.role === 'shop');
    expect(asShop).toMatchObject({ shop: { id: own.id }, other_name: stranger.username });
    expect(asShop.messages).toEqual([expect.objectContaining({ from: 'buyer', mine: false, body: 'Is the wrapper still there?' })]);
    expect(exported.threads).toHaveLength(2);

    const text = response.body;
    for (const secret of ['password', 'scrypt$', person.access, person.refresh, 'stranger review', 'stranger to Bola', 'Stranger Shoes', stranger.email]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('answers 401 without a sign-in', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/auth/data-export' })).statusCode).toBe(401);
  });
});

describe('language', () => {
  it('is none until chosen, then kept on the account and answered at every sign-in', async () => {
    const person = await signUp(api.app);
    expect((await profile(person.access)).json()).toMatchObject({ language: null });
    const chosen = await send('PUT', '/auth/language', person.access, { language: 'yo' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ language: 'yo' });
    expect((await login(person.username, PASSWORD)).json().user).toMatchObject({ language: 'yo' });
  });

  it('starts as the language someone signed up in', async () => {
    const person = newPerson();
    const response = await api.app.inject({ method: 'POST', url: '/auth/users', payload: { ...person, language: 'pcm' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ language: 'pcm' });
  });

  it('refuses a language Kasuwa does not have, and answers 401 without a sign-in', async () => {
    const person = await signUp(api.app);
    expect((await send('PUT', '/auth/language', person.access, { language: 'fr' })).statusCode).toBe(400);
    expect((await api.app.inject({ method: 'PUT', url: '/auth/language', payload: { language: 'ha' } })).statusCode).toBe(401);
    expect((await profile(person.access)).json()).toMatchObject({ language: null });
  });
});
