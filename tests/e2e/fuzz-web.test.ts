import fc from 'fast-check';
import { Agent } from 'undici';
import { beforeAll, describe, inject } from 'vitest';
import { asPathSegment, FUZZ_TEST_TIMEOUT_MS, fuzzParameters, nastyString, queryOf } from '../api/support/fuzz';
import { jpegBuffer } from '../fixtures/images';
import { expect, jsMode, test } from './support/browser';
import { type ApiOwner, ownerAtApi, productsOf, shopAsStored, shopOf, webSessionCookie } from './support/web-requests';

/**
 * The web tier's actions and loaders under generated requests, over HTTP to the running product. These are
 * plain requests, the same whether the browser runs JavaScript or not, so they run once, in the JS-on pass.
 */

type World = {
  webUrl: string;
  apiUrl: string;
  ada: ApiOwner;
  adaShop: string;
  adaProduct: string;
  bolaShop: string;
  bolaProduct: string;
  bolaCookie: string;
  adaBefore: string;
  photo: Buffer;
};
let world: World;

const ACTION_FIELDS = [
  'intent',
  'shopId',
  'productId',
  'name',
  'address',
  'category',
  'description',
  'tags',
  'image',
  'price',
  'products[0].name',
  'products[0].price',
  'products[0].image',
  'products[1].name',
  'products[25].price',
  'username_or_email',
  'password',
  'email',
  'username',
  'phone_number',
  'new_password',
  'confirm_password',
  'redirectTo',
  'uid',
  'token',
  'code',
  'bank_code',
  'account_number',
  'account_name',
  'note',
  'reason',
  'details',
  'answer',
  '__intent__',
];

function idValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(world.adaShop, world.adaProduct, world.bolaShop, world.bolaProduct),
    fc.uuid(),
    // Node refuses a request head over 16 KB by closing the connection (431); the pages never see it.
    nastyString.filter((text) => text.length < 1000).map(asPathSegment),
  );
}

/** Every page that has an action; `:id` is filled from Ada's, Bola's and made-up ids. */
const ACTION_PATHS = [
  '/login',
  '/signup',
  '/forgotPassword',
  '/reset-password?uid=x&token=y',
  '/createShop',
  '/editShop/:id/edit-shop',
  '/shop/:id/add-products',
  '/shop/:id/edit-products',
  '/shop/:id/products',
  '/myShop',
  '/shop/:id/paymentInitiation',
  '/myShop/:id/phone',
  '/myShop/:id/bank',
  '/s/:id',
  '/shop/:id/report',
  '/shop/:id/reviews/:id/answer',
  '/shop/:id/reviews/:id/answer/report',
  '/logout',
];

const PAGE_PATHS = [
  '/',
  '/searchResults',
  '/shop/:id',
  '/product/:id',
  '/shop/:id/products',
  '/shop/:id/add-products',
  '/shop/:id/edit-products',
  '/editShop/:id/edit-shop',
  '/shop/:id/step1',
  '/shop/:id/paymentInitiation',
  '/verify-transaction',
  '/reset-password',
  '/login',
  '/search-suggestions',
  '/media/:id',
  '/myShop',
  '/myShop/:id/phone',
  '/myShop/:id/bank',
  '/verification',
  '/s/:id',
  '/createShop',
  '/shop/:id/reviews',
  '/shop/:id/reviews/:id/answer',
  '/shop/:id/reviews/:id/answer/report',
];

// A browser takes response headers far larger than undici's 16 KB default (a long address comes back in
// a redirect's Location); the pages must be judged by their status, not by the test client's limit.
const client = new Agent({ maxHeaderSize: 256 * 1024 });

/** Now and then a body that claims to be what it is not. */
const lyingContentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/json', 'multipart/form-data', 'multipart/form-data; boundary=x', '') },
);

type FieldPart = { name: string; value: string | 'photo' | 'junk-file' };

const formFields = fc.array(
  fc.record({
    name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ACTION_FIELDS) }, { weight: 1, arbitrary: nastyString }),
    value: fc.oneof(
      { weight: 4, arbitrary: nastyString },
      { weight: 1, arbitrary: fc.constantFrom('delete', 'add-row', 'update', '1500', '0', '-1', '1e9') },
      { weight: 1, arbitrary: fc.constantFrom<'photo' | 'junk-file'>('photo', 'junk-file') },
    ),
  }),
  { maxLength: 10 },
);

function encodeForm(fields: FieldPart[], multipart: boolean): { body: BodyInit; headers: Record<string, string> } {
  if (!multipart) {
    const params = new URLSearchParams();
    for (const field of fields) params.append(field.name, field.value === 'photo' || field.value === 'junk-file' ? 'x' : field.value);
    return { body: params, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  const form = new FormData();
  for (const field of fields) {
    if (field.value === 'photo') form.append(field.name, new Blob([new Uint8Array(world.photo)], { type: 'image/jpeg' }), 'photo.jpg');
    else if (field.value === 'junk-file') form.append(field.name, new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), '../x.png');
    else form.append(field.name, field.value);
  }
  return { body: form, headers: {} };
}

async function expectNo5xx(response: Response, what: string) {
  const body = await response.text();
  expect(response.status, `${what} answered ${response.status}: ${body.slice(0, 300)}`).toBeLessThan(500);
}

beforeAll(async () => {
  if (jsMode === 'off') return;
  const webUrl = inject('webUrl');
  const apiUrl = inject('apiUrl');
  const ada = await ownerAtApi(apiUrl);
  const bola = await ownerAtApi(apiUrl);
  const adaShop = await shopOf(apiUrl, ada, { name: 'Ada Fabrics' });
  const bolaShop = await shopOf(apiUrl, bola, { name: 'Bola Phones' });
  const [adaProduct] = await productsOf(apiUrl, ada, adaShop.id, ['Lace']);
  const [bolaProduct] = await productsOf(apiUrl, bola, bolaShop.id, ['Charger']);
  world = {
    webUrl,
    apiUrl,
    ada,
    adaShop: adaShop.id,
    adaProduct: adaProduct!.id,
    bolaShop: bolaShop.id,
    bolaProduct: bolaProduct!.id,
    bolaCookie: await webSessionCookie(webUrl, bola),
    adaBefore: await shopAsStored(apiUrl, adaShop.id),
    photo: await jpegBuffer({ width: 64, height: 48 }),
  };
});

describe.skipIf(jsMode === 'off')('the web tier under generated requests', () => {
  test(
    'every action answers generated forms without a 5xx, and Ada’s shop stays hers',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ACTION_PATHS),
          idValue(),
          formFields,
          fc.boolean(),
          fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
          lyingContentType,
          async (path, id, fields, multipart, signedIn, contentType) => {
            const url = `${world.webUrl}${path.replaceAll(':id', id)}`;
            const { body, headers } = encodeForm(fields, multipart);
            const response = await fetch(url, {
              method: 'POST',
              body,
              headers: {
                ...headers,
                ...(contentType === null ? {} : { 'content-type': contentType }),
                origin: world.webUrl,
                ...(signedIn ? { cookie: world.bolaCookie } : {}),
              },
              redirect: 'manual',
              dispatcher: client,
            } as RequestInit);
            await expectNo5xx(response, `POST ${url}`);
          },
        ),
        fuzzParameters(500),
      );
      expect(await shopAsStored(world.apiUrl, world.adaShop)).toBe(world.adaBefore);
      expect((await fetch(`${world.webUrl}/healthz`)).status).toBe(200);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  test(
    'every page answers generated paths and query strings without a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...PAGE_PATHS),
          idValue(),
          queryOf([
            'q',
            'category',
            'page',
            'page_size',
            'redirectTo',
            'reference',
            'trxref',
            'uid',
            'token',
            'added',
            'updated',
            'expired',
            'verified',
            'state',
            'sort',
            'sent',
            'visited',
            'answered',
          ]),
          fc.boolean(),
          fc.constantFrom('text/html', 'application/json', '*/*', 'text/x-script'),
          async (path, id, query, signedIn, accept) => {
            const url = `${world.webUrl}${path.replaceAll(':id', id)}${query}`;
            const response = await fetch(url, {
              headers: { accept, ...(signedIn ? { cookie: world.bolaCookie } : {}) },
              redirect: 'manual',
              dispatcher: client,
            } as RequestInit);
            await expectNo5xx(response, `GET ${url}`);
          },
        ),
        fuzzParameters(400),
      );
      expect(await shopAsStored(world.apiUrl, world.adaShop)).toBe(world.adaBefore);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
