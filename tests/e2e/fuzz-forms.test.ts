import fc from 'fast-check';
import { Agent } from 'undici';
import { beforeAll, describe, inject } from 'vitest';
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters, nastyString } from '../api/support/fuzz';
import { jpegBuffer } from '../fixtures/images';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { uploadsLeft, webProcesses } from './support/web-processes';
import { ownerAtApi, productsOf, shopOf, webSessionCookie } from './support/web-requests';

/**
 * Every form action of the web tier under hostile bodies, over HTTP to the running product: field names
 * that index far, nest deep or run long, Conform intents that name far rows, 100,000 fields, values of
 * 10 MB, multipart bodies cut short or malformed. Each answer comes within 5 s (the attacks it guards against pin a worker for minutes) and is never a 5xx; one
 * the form cannot take is a 4xx; and every web process serving before is serving after. Plain requests,
 * so they run once, in the run without JavaScript.
 */

type FormAction = {
  path: string;
  /** The names its page sends. */
  fields: string[];
  /** Whether the action reads the form at all, and whether Conform parses it against a schema. */
  reads: boolean;
  schema: boolean;
  signedIn: boolean;
};

let actions: FormAction[];
let cookie: string;
let photo: Buffer;

const ROW_FIELDS = ['products[0].name', 'products[0].price', 'products[0].image'];

beforeAll(async () => {
  if (!plainHttp) return;
  const webUrl = inject('webUrl');
  const apiUrl = inject('apiUrl');
  const owner = await ownerAtApi(apiUrl);
  const shop = (await shopOf(apiUrl, owner, { name: 'Hostile Forms Ltd' })).id;
  const [product] = await productsOf(apiUrl, owner, shop, ['Yam']);
  const buyer = await ownerAtApi(apiUrl);
  const asked = await fetch(`${apiUrl}/shops/${shop}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body: 'Is the yam fresh?' }),
  });
  const { thread_id: thread, message } = (await asked.json()) as { thread_id: string; message: { id: number } };
  const rated = await fetch(`${apiUrl}/shops/${shop}/rating`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${buyer.access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ stars: 3, review: 'Small yams' }),
  });
  const rating = ((await rated.json()) as { id: string }).id;
  cookie = await webSessionCookie(webUrl, owner);
  photo = await jpegBuffer({ width: 32, height: 24 });
  const shopFields = ['name', 'address', 'category', 'description', 'tags', 'image'];
  actions = [
    { path: '/login', fields: ['username_or_email', 'password'], reads: true, schema: true, signedIn: false },
    { path: '/signup', fields: ['email', 'username', 'phone_number', 'password'], reads: true, schema: true, signedIn: false },
    { path: '/forgotPassword', fields: ['email'], reads: true, schema: true, signedIn: false },
    { path: '/reset-password?uid=u&token=t', fields: ['new_password', 'confirm_password'], reads: true, schema: true, signedIn: false },
    // Signed out, so that no post ends the session the other actions use.
    { path: '/logout', fields: ['intent'], reads: true, schema: false, signedIn: false },
    { path: '/myShop', fields: ['intent', 'shopId'], reads: true, schema: false, signedIn: true },
    { path: `/shop/${shop}/products`, fields: ['intent', 'productId'], reads: true, schema: true, signedIn: true },
    { path: '/createShop', fields: shopFields, reads: true, schema: true, signedIn: true },
    { path: `/editShop/${shop}/edit-shop`, fields: shopFields, reads: true, schema: true, signedIn: true },
    { path: `/shop/${product!.id}/edit-products`, fields: ['name', 'price', 'image', 'photos', 'remove_photo'], reads: true, schema: true, signedIn: true },
    { path: `/shop/${shop}/add-products`, fields: [...ROW_FIELDS, '__intent__'], reads: true, schema: true, signedIn: true },
    { path: `/shop/${shop}/paymentInitiation`, fields: [], reads: false, schema: false, signedIn: true },
    { path: `/shop/${shop}/report`, fields: ['reason', 'details'], reads: true, schema: true, signedIn: true },
    // "Text me a code" posts only its intent, which no schema reads.
    { path: `/myShop/${shop}/phone`, fields: ['intent', 'code'], reads: true, schema: false, signedIn: true },
    { path: `/myShop/${shop}/bank`, fields: ['bank_code', 'account_number', 'account_name'], reads: true, schema: true, signedIn: true },
    { path: `/moderation/shops/${shop}`, fields: ['action', 'note'], reads: true, schema: true, signedIn: true },
    { path: `/shop/${shop}/reviews/${rating}/answer`, fields: ['answer'], reads: true, schema: true, signedIn: true },
    { path: `/shop/${shop}/reviews/${rating}/answer/report`, fields: ['reason', 'details'], reads: true, schema: true, signedIn: true },
    { path: `/messages/${thread}/${message.id}/report`, fields: ['reason', 'details'], reads: true, schema: true, signedIn: true },
    { path: `/moderation/messages/${message.id}`, fields: ['action', 'note'], reads: true, schema: true, signedIn: true },
    { path: '/saved', fields: ['save', 'remove', 'back'], reads: true, schema: true, signedIn: true },
    { path: `/shop/${shop}/message`, fields: ['body'], reads: true, schema: true, signedIn: true },
    {
      path: `/shop/${shop}/order?product=${product!.id}&qty=1`,
      fields: ['lines[0].product_id', 'lines[0].quantity', 'note'],
      reads: true,
      schema: true,
      signedIn: true,
    },
    { path: `/messages/${thread}`, fields: ['body', 'intent', 'order', 'move', 'reason'], reads: true, schema: true, signedIn: true },
    {
      path: '/settings',
      fields: ['intent', 'email', 'username', 'phone_number', 'current_password', 'new_password', 'confirm_password', 'message_mail', 'renewal_mail'],
      reads: true,
      schema: true,
      signedIn: true,
    },
  ];
});

const ALL_FIELDS = [
  'username_or_email',
  'password',
  'email',
  'username',
  'phone_number',
  'current_password',
  'message_mail',
  'renewal_mail',
  'new_password',
  'confirm_password',
  'intent',
  'save',
  'remove',
  'back',
  'shopId',
  'productId',
  'name',
  'address',
  'category',
  'description',
  'tags',
  'image',
  'photos',
  'remove_photo',
  'price',
  'products',
  'reason',
  'details',
  'action',
  'note',
  'answer',
  'code',
  'bank_code',
  'account_number',
  'account_name',
  'body',
  'lines',
  'order',
  'move',
];

/** Indexes as attackers write them: far, at the batch limit, past JavaScript's integers, malformed. */
const index = fc.oneof(
  fc.constantFrom('1000000000', '99999', '9007199254740993', '4294967295', '20', '-1', '1e9', '', ' 1', '0x10'),
  fc.integer({ min: 20, max: 2_000_000_000 }).map(String),
);

/** A field name no page of ours sends: each is refused by a form that checks its names. */
const hostileName = fc
  .oneof(
    fc.tuple(fc.constantFrom(...ALL_FIELDS.filter((field) => field !== 'products' && field !== 'lines')), index).map(([field, at]) => `${field}[${at}]`),
    fc.tuple(index, fc.constantFrom('name', 'price', 'image')).map(([at, field]) => `products[${at}].${field}`),
    fc
      .tuple(fc.constantFrom(...ROW_FIELDS, ...ALL_FIELDS), fc.integer({ min: 1, max: 80 }), fc.constantFrom('[0]', '.a', '[1000000000]', '.__proto__'))
      .map(([field, depth, step]) => field + step.repeat(depth)),
    fc.constantFrom(
      '__proto__',
      'constructor',
      '__proto__[0]',
      'constructor.prototype.polluted',
      '__state__',
      '',
      '[]',
      'products[]',
      'a][b',
      'products',
      'lines[60].quantity',
    ),
    fc.constantFrom('x'.repeat(101), `products[0].${'n'.repeat(5_000)}`),
    nastyString,
  )
  .filter((name) => !ALL_FIELDS.includes(name) && !ROW_FIELDS.includes(name));

/** Conform intents as the list buttons send them, but naming rows and places far away. */
const hostileIntent = fc
  .record(
    {
      type: fc.constantFrom('insert', 'remove', 'reorder', 'update', 'reset', 'validate', 'launch'),
      payload: fc.record(
        {
          name: fc.oneof(fc.constantFrom('products', 'products[0].name', ''), hostileName),
          index: fc.oneof(fc.constantFrom(1_000_000_000, 99_999, 2 ** 53, -1, 1.5), fc.integer()),
          from: fc.integer(),
          to: fc.constantFrom(1_000_000_000, 20, -1),
          value: fc.jsonValue({ maxDepth: 3 }),
          defaultValue: fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 3 })),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['type'] },
  )
  .map((intent) => JSON.stringify(intent));

type Entry = { name: string; value: string | 'photo'; hostile: boolean };

/** A field of the form: one its page sends, a hostile name, or a Conform intent (which may well be harmless). */
const entryOf = (fields: string[]): fc.Arbitrary<Entry> => {
  const named = fields.filter((field) => field !== '__intent__');
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        name: fc.constantFrom(...(named.length ? named : ['name'])),
        value: fc.oneof(fc.string({ maxLength: 30 }), nastyString, fc.constant<'photo'>('photo')),
        hostile: fc.constant(false),
      }),
    },
    // Text, not a photo: a file past the form's photos is skipped unread, whatever its name.
    { weight: 3, arbitrary: fc.record({ name: hostileName, value: fc.string({ maxLength: 30 }), hostile: fc.constant(true) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        name: fc.constant('__intent__'),
        value: fc.oneof(hostileIntent, fc.constant('['.repeat(50_000) + ']'.repeat(50_000)), nastyString),
        hostile: fc.constant(false),
      }),
    },
  );
};

/**
 * What is sent: generated fields (urlencoded or multipart, whole or cut short), or a body no browser
 * sends: 100,000 fields, a value of 10 MB, or broken multipart.
 */
type Body =
  | { kind: 'fields'; entries: Entry[]; multipart: boolean; cutAt: number | null }
  | { kind: 'many fields' | 'huge value'; multipart: boolean; which: number }
  | { kind: 'malformed'; which: number };

const MALFORMED: [string, string][] = [
  ['multipart/form-data', '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--XYZ--\r\n'],
  ['multipart/form-data; boundary=ABC', '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--XYZ--\r\n'],
  ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--XYZ--\r\n'],
  ['multipart/form-data; boundary=XYZ', `--XYZ\r\n${'X-Junk: 1\r\n'.repeat(5_000)}Content-Disposition: form-data; name="name"\r\n\r\nx\r\n--XYZ--\r\n`],
  ['multipart/form-data; boundary=XYZ', `--XYZ\r\nContent-Disposition: form-data; name="${'n'.repeat(100_000)}"\r\n\r\nx\r\n--XYZ--\r\n`],
  ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="../../etc/passwd"\r\n\r\nroot\r\n'],
  ['multipart/form-data; boundary=XYZ', `${'--XYZ\r\nContent-Disposition: attachment\r\n\r\nx\r\n'.repeat(10_000)}--XYZ--\r\n`],
  ['multipart/form-data; boundary=XYZ', 'a preamble and no part at all'],
  ['multipart/form-data; boundary=', '--\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n----\r\n'],
  ['application/x-www-form-urlencoded', '%%%%=%E0%A4%A&&&==&name=%00%ff'],
  ['text/plain', 'username_or_email=ada&password=x'],
];

const bodyOf = (fields: string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    {
      weight: 16,
      arbitrary: fc.record({
        kind: fc.constant('fields' as const),
        entries: fc.array(entryOf(fields), { maxLength: 12 }),
        multipart: fc.boolean(),
        cutAt: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat() }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('many fields' as const), multipart: fc.boolean(), which: fc.nat(2) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('huge value' as const), multipart: fc.boolean(), which: fc.nat(2) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('malformed' as const), which: fc.nat(MALFORMED.length - 1) }) },
  );

async function multipartOf(entries: { name: string; value: string | 'photo' }[]): Promise<{ bytes: Buffer; type: string }> {
  const form = new FormData();
  for (const { name, value } of entries) {
    if (value === 'photo') form.append(name, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'rice.jpg');
    else form.append(name, value);
  }
  const response = new Response(form);
  return { bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type')! };
}

// The closing delimiter and the part framing before it: a cut before these leaves the body unfinished.
const MULTIPART_TAIL_BYTES = 64;

async function encode(sent: Body): Promise<{ bytes: Buffer; type: string }> {
  if (sent.kind === 'malformed') {
    const [type, text] = MALFORMED[sent.which]!;
    return { bytes: Buffer.from(text), type };
  }
  const entries =
    sent.kind === 'fields'
      ? sent.entries
      : sent.kind === 'many fields'
        ? Array.from({ length: 100_000 }, () => ({ name: ['a', 'products[0].name', 'password'][sent.which]!, value: '1' }))
        : [{ name: ['description', 'password', 'products[0].name'][sent.which]!, value: 'x'.repeat(10 * 1024 * 1024) }];
  if (!sent.multipart) {
    const params = new URLSearchParams();
    for (const { name, value } of entries) params.append(name, value === 'photo' ? 'x' : value);
    return { bytes: Buffer.from(params.toString()), type: 'application/x-www-form-urlencoded' };
  }
  const whole = await multipartOf(entries);
  if (sent.kind !== 'fields' || sent.cutAt === null) return whole;
  return { bytes: whole.bytes.subarray(0, sent.cutAt % Math.max(1, whole.bytes.length - MULTIPART_TAIL_BYTES)), type: whole.type };
}

/**
 * Whether the action must refuse the body with a 4xx: one it reads that is cut short or over its limits,
 * or a form with a name its schema lacks. Broken multipart may also come out as an empty form (busboy
 * skips a part whose headers it cannot use), which a form without required fields may take.
 */
function unfit(action: FormAction, sent: Body): boolean {
  if (sent.kind === 'many fields' || sent.kind === 'huge value') return action.reads;
  if (sent.kind === 'fields' && sent.multipart && sent.cutAt !== null) return action.reads;
  return sent.kind === 'fields' && action.schema && sent.entries.some((field) => field.hostile);
}

const client = new Agent({ connections: 4 });

describe.runIf(plainHttp)(`every form action under hostile bodies (JavaScript ${jsMode})`, () => {
  test(
    'answers each within 5 s, never with a 5xx, refuses what it cannot take with a 4xx, and no web worker dies',
    async ({ webUrl }) => {
      const before = webProcesses(webUrl);
      expect(before.length).toBeGreaterThanOrEqual(3);
      const requests = fc.constantFrom(...actions).chain((action) => fc.tuple(fc.constant(action), bodyOf(action.fields)));
      await fc.assert(
        fc.asyncProperty(requests, async ([action, sent]) => {
          const { bytes, type } = await encode(sent);
          const started = performance.now();
          const response = await fetch(`${webUrl}${action.path}`, {
            method: 'POST',
            body: new Uint8Array(bytes),
            headers: { 'content-type': type, origin: webUrl, ...(action.signedIn ? { cookie } : {}) },
            redirect: 'manual',
            dispatcher: client,
            signal: AbortSignal.timeout(10_000),
          } as RequestInit);
          const text = await response.text();
          const ms = performance.now() - started;
          const what = `POST ${action.path} (${sent.kind}, ${bytes.length} bytes) answered ${response.status} in ${Math.round(ms)} ms: ${text.slice(0, 200)}`;
          expect(response.status, what).toBeLessThan(500);
          expect(ms, what).toBeLessThan(5000);
          if (unfit(action, sent)) expect(response.status, what).toBeGreaterThanOrEqual(400);
        }),
        fuzzParameters(250),
      );
      expect(webProcesses(webUrl)).toEqual(before);
      expect((await fetch(`${webUrl}/healthz`)).status).toBe(200);
      await expect.poll(() => uploadsLeft(inject('dataDir'))).toEqual([]);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
