import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { startTestApi, type TestApi } from './support/harness';
import { newPerson } from './support/requests';

// These write straight to the database, past every check in the API's code: what stops them is the
// schema of server/db/migrations alone (on PGlite, or on PostgreSQL with DATABASE_URL).
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const image = JSON.stringify({ main: 'x/main.jpg', variants: [] });

/** The PostgreSQL error a statement fails with: its SQLSTATE and the constraint that refused it. */
async function refusal(statement: ReturnType<typeof sql>): Promise<{ code: string; constraint: string }> {
  const error: unknown = await api.database.db.execute(statement).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!error) throw new Error('the database accepted the statement');
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  return { code: String(cause.code), constraint: String(cause.constraint) };
}

async function insertUser(email: string, username: string): Promise<string> {
  const { rows } = (await api.database.db.execute(
    sql`insert into users (email, username, phone_number, password_hash) values (${email}, ${username}, '+2348031234567', 'x') returning id`,
  )) as unknown as { rows: { id: string }[] };
  return rows[0]!.id;
}

async function insertShop(ownerId: string): Promise<string> {
  const { rows } = (await api.database.db.execute(
    sql`insert into shops (owner_id, name, address, category, description, image)
        values (${ownerId}, 'Mama Put', '3 Allen Avenue, Ikeja', 'Food', 'Rice and stew', ${image}::jsonb) returning id`,
  )) as unknown as { rows: { id: string }[] };
  return rows[0]!.id;
}

const insertProduct = (shopId: string, price: string) =>
  sql`insert into products (shop_id, name, price, image) values (${shopId}, 'Jollof rice', ${price}, ${image}::jsonb)`;

describe('the database itself', () => {
  it('refuses a second account with the same email in other letter case', async () => {
    await insertUser('Chidi.Okafor@example.ng', 'chidi1');
    expect(
      await refusal(sql`insert into users (email, username, phone_number, password_hash)
                        values ('chidi.okafor@EXAMPLE.NG', 'chidi2', '+2348031234567', 'x')`),
    ).toEqual({ code: '23505', constraint: 'users_email_lower_key' });
  });

  it('refuses a second account with the same username in other letter case', async () => {
    await insertUser('ngozi1@example.ng', 'NgoziStores');
    expect(
      await refusal(sql`insert into users (email, username, phone_number, password_hash)
                        values ('ngozi2@example.ng', 'ngozistores', '+2348031234567', 'x')`),
    ).toEqual({ code: '23505', constraint: 'users_username_lower_key' });
  });

  it('refuses a shop whose owner does not exist', async () => {
    expect(
      await refusal(sql`insert into shops (owner_id, name, address, category, description, image)
                             values (${randomUUID()}, 'Ghost', 'Nowhere', 'Food', 'None', ${image}::jsonb)`),
    ).toEqual({
      code: '23503',
      constraint: 'shops_owner_id_users_id_fk',
    });
  });

  it('refuses a product whose shop does not exist', async () => {
    expect(await refusal(insertProduct(randomUUID(), '500'))).toEqual({ code: '23503', constraint: 'products_shop_id_shops_id_fk' });
  });

  it('refuses a negative price and one above the ceiling, and takes 0', async () => {
    const shopId = await insertShop(await insertUser('emeka@example.ng', 'emeka'));
    expect(await refusal(insertProduct(shopId, '-0.01'))).toEqual({ code: '23514', constraint: 'products_price_range' });
    expect(await refusal(insertProduct(shopId, '1000000.01'))).toEqual({ code: '23514', constraint: 'products_price_range' });
    await api.database.db.execute(insertProduct(shopId, '0'));
  });

  it('removes a deleted owner’s shops and their products with them', async () => {
    const ownerId = await insertUser('tunde@example.ng', 'tunde');
    const shopId = await insertShop(ownerId);
    await api.database.db.execute(insertProduct(shopId, '1500'));
    await api.database.db.execute(sql`delete from users where id = ${ownerId}`);
    const { rows } = (await api.database.db.execute(
      sql`select (select count(*) from shops where id = ${shopId})::int as shops, (select count(*) from products where shop_id = ${shopId})::int as products`,
    )) as unknown as { rows: { shops: number; products: number }[] };
    expect(rows[0]).toEqual({ shops: 0, products: 0 });
  });
});

describe('two sign-ups racing for one name', () => {
  // Both pass the API's own "already taken" check before either is stored (hashing the password takes
  // far longer than that check), so the unique index is what decides.
  const signUpTogether = (first: ReturnType<typeof newPerson>, second: ReturnType<typeof newPerson>) =>
    Promise.all([first, second].map((person) => api.app.inject({ method: 'POST', url: '/auth/users', payload: person })));

  it('let one email in whatever its letter case; the other gets the email field error, not a 500', async () => {
    const person = newPerson();
    const answers = await signUpTogether(person, newPerson({ email: person.email.toUpperCase() }));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json()).toEqual({ email: [MSG.emailTaken] });
    const { rows } = (await api.database.db.execute(
      sql`select count(*)::int as accounts from users where lower(email) = ${person.email.toLowerCase()}`,
    )) as unknown as { rows: { accounts: number }[] };
    expect(rows[0]!.accounts).toBe(1);
  });

  it('let one username in whatever its letter case; the other gets the username field error', async () => {
    const person = newPerson();
    const answers = await signUpTogether(person, newPerson({ username: person.username.toUpperCase() }));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json()).toEqual({ username: [MSG.usernameTaken] });
  });
});

describe('threads, messages and order requests in the database', () => {
  it('keeps one thread per buyer and shop, messages of 1 to 2,000 characters, known order statuses and quantities', async () => {
    const buyerId = await insertUser('thread.buyer@example.ng', 'threadbuyer');
    const shopId = await insertShop(await insertUser('thread.owner@example.ng', 'threadowner'));
    const { rows } = (await api.database.db.execute(sql`insert into threads (shop_id, buyer_id) values (${shopId}, ${buyerId}) returning id`)) as unknown as {
      rows: { id: string }[];
    };
    const threadId = rows[0]!.id;
    expect(await refusal(sql`insert into threads (shop_id, buyer_id) values (${shopId}, ${buyerId})`)).toEqual({
      code: '23505',
      constraint: 'threads_shop_buyer_key',
    });
    for (const body of ['', 'x'.repeat(2001)])
      expect(await refusal(sql`insert into messages (thread_id, sender_id, body) values (${threadId}, ${buyerId}, ${body})`)).toEqual({
        code: '23514',
        constraint: 'messages_body_length',
      });
    expect(await refusal(sql`insert into order_requests (thread_id, status, total) values (${threadId}, 'paid', 100)`)).toEqual({
      code: '23514',
      constraint: 'order_requests_status_known',
    });
    const { rows: orders } = (await api.database.db.execute(
      sql`insert into order_requests (thread_id, total) values (${threadId}, 100) returning id`,
    )) as unknown as { rows: { id: string }[] };
    expect(await refusal(sql`insert into order_lines (order_id, position, name, unit_price, quantity) values (${orders[0]!.id}, 0, 'Rice', 100, 0)`)).toEqual({
      code: '23514',
      constraint: 'order_lines_quantity_range',
    });
  });
});
