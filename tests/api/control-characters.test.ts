import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { setModerator } from '#server/moderation/items.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, multipart, type SignedUp, signUp } from './support/requests';
import { addProducts, createShop, SHOP_FIELDS } from './support/shops';

let api: TestApi;
let owner: SignedUp;
let buyer: SignedUp;
let moderator: SignedUp;
let shopId: string;
let productId: string;
let ratingId: string;
let threadId: string;
let shopMessageId: number;
beforeAll(async () => {
  api = await startTestApi();
  [owner, buyer, moderator] = [await signUp(api.app), await signUp(api.app), await signUp(api.app)];
  await setModerator(api.database.db, moderator.email, true);
  shopId = (await createShop(api.app, owner.access)).id;
  productId = ((await addProducts(api.app, owner.access, shopId, [{ name: 'Ankara wrapper', price: 4500 }])).json() as { id: string }[])[0]!.id;
  const rating = await api.app.inject({ method: 'PUT', url: `/shops/${shopId}/rating`, payload: { stars: 4 }, headers: bearer(moderator.access) });
  ratingId = (rating.json() as { id: string }).id;
  const message = await api.app.inject({ method: 'POST', url: `/shops/${shopId}/messages`, payload: { body: 'Hello' }, headers: bearer(buyer.access) });
  threadId = (message.json() as { thread_id: string }).thread_id;
  const answer = await api.app.inject({ method: 'POST', url: `/threads/${threadId}/messages`, payload: { body: 'Welcome' }, headers: bearer(owner.access) });
  shopMessageId = (answer.json() as { message: { id: number } }).message.id;
});
afterAll(() => api.close());

/** What nobody types on purpose: C0 and C1 controls, DEL, NUL and a UTF-16 half alone (in JSON, "\ud800"). */
const INVISIBLE: [string, string][] = [
  ['\\x01', '\x01'],
  ['\\x0b', '\x0b'],
  ['\\x1b', '\x1b'],
  ['\\x7f', '\x7f'],
  ['\\x85', '\x85'],
  ['\\x9b', '\x9b'],
  ['NUL', '\0'],
  ['a lone surrogate', '\ud800'],
];

type Send = (text: string) => Promise<{ statusCode: number; json(): unknown }>;
const json = (method: 'POST' | 'PUT', url: string, person: SignedUp | null, body: (text: string) => object): Send => {
  return (text) => api.app.inject({ method, url, payload: body(text), headers: person ? bearer(person.access) : {} });
};
// No photo: the text is checked all the same, and the answer comes without waiting for one.
const form = (method: 'POST' | 'PUT', url: () => string, fields: (text: string) => Record<string, string>): Send => {
  return async (text) => {
    const body = await multipart(fields(text));
    return api.app.inject({ method, url: url(), payload: body.payload, headers: { ...body.headers, ...bearer(owner.access) } });
  };
};

/** Each route and text field, with where its answer names the field. */
const FIELDS: { route: string; field: string; send: Send; at: (body: never) => unknown; multiLine?: boolean; form?: boolean }[] = [
  ...(['name', 'address', 'category', 'description', 'area', 'tags'] as const).flatMap((field) => [
    {
      route: 'POST /shops/',
      field,
      form: true,
      send: form(
        'POST',
        () => '/shops/',
        (text) => ({ ...SHOP_FIELDS, [field]: `Iya ${text} Foods` }),
      ),
      at: (body: Record<string, unknown>) => body[field],
    },
    {
      route: 'PUT /shops/{id}/update',
      field,
      form: true,
      multiLine: field === 'description',
      send: form(
        'PUT',
        () => `/shops/${shopId}/update`,
        (text) => ({ [field]: `Iya ${text} Foods` }),
      ),
      at: (body: Record<string, unknown>) => body[field],
    },
  ]),
  {
    route: 'POST /shops/{id}/products/batch-create/ (JSON rows)',
    field: 'name',
    send: form(
      'POST',
      () => `/shops/${shopId}/products/batch-create/`,
      (text) => ({ products: JSON.stringify([{ name: `Rice ${text} bag`, price: 500 }]) }),
    ),
    at: (body: { products: Record<string, unknown>[] }) => body.products[0]!.name,
  },
  {
    route: 'POST /shops/{id}/products/batch-create/ (indexed fields)',
    field: 'name',
    form: true,
    send: form(
      'POST',
      () => `/shops/${shopId}/products/batch-create/`,
      (text) => ({ 'products[0][name]': `Rice ${text} bag`, 'products[0][price]': '500' }),
    ),
    at: (body: { products: Record<string, unknown>[] }) => body.products[0]!.name,
  },
  {
    route: 'PUT /shops/products/{id}/update',
    field: 'name',
    form: true,
    send: form(
      'PUT',
      () => `/shops/products/${productId}/update`,
      (text) => ({ name: `Rice ${text} bag` }),
    ),
    at: (body: Record<string, unknown>) => body.name,
  },
  {
    route: 'PUT /shops/{id}/rating',
    field: 'review',
    multiLine: true,
    send: (text) => json('PUT', `/shops/${shopId}/rating`, buyer, () => ({ stars: 5, review: `Good ${text} rice` }))(text),
    at: (body: Record<string, unknown>) => body.review,
  },
  {
    route: 'POST /shops/{id}/reports',
    field: 'details',
    multiLine: true,
    send: (text) => json('POST', `/shops/${shopId}/reports`, buyer, () => ({ reason: 'other', details: `Fake ${text} goods` }))(text),
    at: (body: Record<string, unknown>) => body.details,
  },
  {
    route: 'POST /shops/{id}/ratings/{ratingId}/reports',
    field: 'details',
    multiLine: true,
    send: (text) => json('POST', `/shops/${shopId}/ratings/${ratingId}/reports`, buyer, () => ({ reason: 'other', details: `Rude ${text} words` }))(text),
    at: (body: Record<string, unknown>) => body.details,
  },
  {
    route: 'POST /threads/{id}/messages/{message_id}/reports',
    field: 'details',
    multiLine: true,
    send: (text) =>
      json('POST', `/threads/${threadId}/messages/${shopMessageId}/reports`, buyer, () => ({ reason: 'other', details: `Rude ${text} words` }))(text),
    at: (body: Record<string, unknown>) => body.details,
  },
  {
    route: 'POST /shops/{id}/messages',
    field: 'body',
    multiLine: true,
    send: (text) => json('POST', `/shops/${shopId}/messages`, buyer, () => ({ body: `Is ${text} ready` }))(text),
    at: (body: { body?: unknown; message?: { body: unknown } }) => body.body ?? body.message?.body,
  },
  {
    route: 'POST /threads/{id}/messages',
    field: 'body',
    multiLine: true,
    send: (text) => json('POST', `/threads/${threadId}/messages`, owner, () => ({ body: `Yes ${text} it is` }))(text),
    at: (body: { body?: unknown; message?: { body: unknown } }) => body.body ?? body.message?.body,
  },
  {
    route: 'POST /shops/{id}/orders',
    field: 'note',
    multiLine: true,
    send: (text) =>
      json('POST', `/shops/${shopId}/orders`, buyer, () => ({ lines: [{ product_id: productId, quantity: 1 }], note: `Deliver ${text} it` }))(text),
    at: (body: { note?: unknown; message?: { order: { note: unknown } } }) => body.note ?? body.message?.order.note,
  },
  {
    route: 'POST /moderation/shops/{id}/actions',
    field: 'note',
    multiLine: true,
    send: (text) => json('POST', `/moderation/shops/${shopId}/actions`, moderator, () => ({ action: 'dismiss', note: `Checked ${text} it` }))(text),
    at: (body: Record<string, unknown>) => body.note,
  },
  {
    route: 'POST /moderation/messages/{message_id}/actions',
    field: 'note',
    multiLine: true,
    send: (text) => json('POST', `/moderation/messages/${shopMessageId}/actions`, moderator, () => ({ action: 'dismiss', note: `Checked ${text} it` }))(text),
    at: (body: { note?: unknown; actions?: { note: unknown }[] }) => body.note ?? body.actions?.[0]?.note,
  },
  {
    route: 'POST /auth/users',
    field: 'email',
    send: (text) =>
      json('POST', '/auth/users', null, () => ({
        email: `ada${text}x@example.ng`,
        username: 'adaeze',
        phone_number: '08031234567',
        password: 'stall-keeper-42',
      }))(text),
    at: (body: Record<string, unknown>) => body.email,
  },
  ...(['email', 'username'] as const).map((field) => ({
    route: 'PUT /auth/profile',
    field,
    send: (text: string) =>
      json('PUT', '/auth/profile', buyer, () => ({
        email: field === 'email' ? `ada${text}x@example.ng` : buyer.email,
        username: field === 'username' ? `ada${text}eze` : buyer.username,
        phone_number: '08031234567',
      }))(text),
    at: (body: Record<string, unknown>) => body[field],
  })),
  {
    route: 'POST /auth/login',
    field: 'username_or_email',
    send: (text) => json('POST', '/auth/login', null, () => ({ username_or_email: `ada${text}eze`, password: 'stall-keeper-42' }))(text),
    at: (body: Record<string, unknown>) => body.username_or_email,
  },
  {
    route: 'POST /auth/password-reset/request',
    field: 'email',
    send: (text) => json('POST', '/auth/password-reset/request', null, () => ({ email: `ada${text}x@example.ng` }))(text),
    at: (body: Record<string, unknown>) => body.email,
  },
];

describe('text with invisible control characters is refused by every route that takes text', () => {
  const cases = FIELDS.flatMap((entry) =>
    INVISIBLE
      // A form cannot carry half a UTF-16 pair: its encoding sends U+FFFD in its place.
      .filter(([name]) => !(entry.form && name === 'a lone surrogate'))
      .map(([name, character]) => ({ ...entry, name, character })),
  );

  it.each(cases)('$route, $field with $name: 400 naming the field', async ({ send, at, character }) => {
    const answer = await send(character);
    expect(answer.statusCode).toBe(400);
    expect(at(answer.json() as never)).toEqual([MSG.controlCharacters]);
  });

  it.each(FIELDS.filter((entry) => entry.multiLine))('$route takes tabs and line breaks in $field', async ({ send }) => {
    const answer = await send('\tfrom Kano\r\nand Lagos\n');
    expect(answer.statusCode).toBeLessThan(300);
    expect(JSON.stringify(answer.json())).toContain('\\tfrom Kano\\nand Lagos');
  });
});

describe('text stored before the rule', () => {
  it('is cleaned by the migration: control characters go, tabs and line breaks stay, a text left blank reads "-"', async () => {
    const { id } = await createShop(api.app, owner.access, { tags: 'rice' });
    const db = api.database.db;
    await db.execute(`update shops set name = E'Iya\\x01\\x0b\\x1b Foods', category = E'Food\\b', address = E'\\x01\\x02', description = E'Rice\\n\\tand beans\\x7f',
      area = E'\\x1b', tags = array[E'ri\\x01ce', E'\\x02', 'beans'] where id = '${id}'`);
    // The migration's cleaning statements, run again over text stored as before the rule.
    const migration = await readFile(new URL('../../server/db/migrations/0014_server_guards.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) if (/^UPDATE "/m.test(statement)) await db.execute(statement);

    const { rows } = (await db.execute(`select name, category, address, description, area, tags, search_text from shops where id = '${id}'`)) as {
      rows: Record<string, unknown>[];
    };
    expect(rows[0]).toMatchObject({ name: 'Iya Foods', category: 'Food', address: '-', description: 'Rice\n\tand beans', area: null, tags: ['rice', 'beans'] });
    expect(rows[0]!.search_text).toContain('iya foods');
    const shop = (await api.app.inject({ method: 'GET', url: `/shops/${id}` })).json() as { name: string };
    expect(shop.name).toBe('Iya Foods');
  });
});
