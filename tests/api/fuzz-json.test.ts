import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { asPathSegment, FUZZ_TEST_TIMEOUT_MS, fuzzParameters, jsonBodyOf, junkHeaders, nastyString, queryOf, type RawBody } from './support/fuzz';
import { expectHonestAnswer, expectInvariants, type FuzzWorld, startFuzzWorld } from './support/fuzz-world';
import { bearer } from './support/requests';

let world: FuzzWorld;

beforeAll(async () => {
  world = await startFuzzWorld();
});
afterAll(() => world.api.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'PATCH' | 'OPTIONS';
/** `:id` in a path is filled from ids that exist (Ada's, Bola's) and ones that do not; `:message_id` from numbers near the first messages and past a bigint. */
type Endpoint = { method: Method; path: string; fields?: readonly string[]; query?: readonly string[] };

const JSON_ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/auth/users', fields: ['email', 'username', 'phone_number', 'password'] },
  { method: 'POST', path: '/auth/login/', fields: ['username_or_email', 'password'] },
  { method: 'POST', path: '/auth/token/refresh/', fields: ['refresh'] },
  { method: 'POST', path: '/auth/logout/', fields: ['refresh'] },
  { method: 'POST', path: '/auth/password-reset/request/', fields: ['email'] },
  { method: 'POST', path: '/auth/password-reset/verify/', fields: ['uid', 'token'] },
  { method: 'POST', path: '/auth/password-reset/confirm/', fields: ['uid', 'token', 'new_password', 'password'] },
  { method: 'POST', path: '/shops/visits/', fields: ['visits'] },
  { method: 'POST', path: '/ads/payment/initiate/', fields: ['shop_id', 'amount'] },
  { method: 'POST', path: '/ads/payment/verify/', fields: ['reference'] },
  { method: 'POST', path: '/ads/payment/webhook/', fields: ['event', 'data'] },
  { method: 'POST', path: '/payments/simulator/transaction/initialize', fields: ['email', 'amount', 'reference', 'callback_url', 'metadata'] },
  { method: 'POST', path: '/payments/simulator/checkout/:id', fields: ['outcome'] },
  { method: 'POST', path: '/saved/merge/', fields: ['shop_ids'] },
  { method: 'PUT', path: '/saved/:id/', fields: ['shop_id'] },
  { method: 'POST', path: '/shops/:id/messages', fields: ['body'] },
  { method: 'POST', path: '/threads/:id/messages', fields: ['body'] },
  { method: 'POST', path: '/threads/:id/block', fields: ['body'] },
  { method: 'POST', path: '/threads/:id/unblock', fields: ['body'] },
  { method: 'POST', path: '/threads/:id/messages/:message_id/reports', fields: ['reason', 'details'] },
  { method: 'POST', path: '/moderation/messages/:message_id/actions', fields: ['action', 'note'] },
  { method: 'POST', path: '/shops/:id/orders', fields: ['lines', 'note'] },
  { method: 'POST', path: '/orders/:id/decline', fields: ['reason'] },
  { method: 'POST', path: '/orders/:id/cancel', fields: ['reason'] },
  { method: 'PUT', path: '/shops/:id/alerts', fields: ['sms'] },
  { method: 'PUT', path: '/shops/:id/ratings/:id/answer', fields: ['answer'] },
  { method: 'POST', path: '/shops/:id/ratings/:id/answer/reports', fields: ['reason', 'details'] },
  { method: 'PUT', path: '/auth/profile', fields: ['email', 'username', 'phone_number'] },
  { method: 'PUT', path: '/auth/alerts', fields: ['message_mail', 'renewal_mail'] },
  { method: 'POST', path: '/auth/password/change', fields: ['current_password', 'new_password'] },
  { method: 'POST', path: '/auth/sessions/revoke-others', fields: ['refresh'] },
  { method: 'POST', path: '/auth/account/delete', fields: ['current_password'] },
  { method: 'POST', path: '/auth/phone-codes', fields: ['phone_number'] },
  { method: 'POST', path: '/auth/verified-phones', fields: ['phone_number', 'code'] },
  { method: 'POST', path: '/shops/:id/bank-checks', fields: ['bank_code', 'account_number', 'account_name'] },
];

const READ_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/auth/profile' },
  { method: 'GET', path: '/auth/data-export' },
  { method: 'GET', path: '/shops', query: ['q', 'category', 'page', 'page_size'] },
  { method: 'GET', path: '/shops/suggest', query: ['q'] },
  { method: 'GET', path: '/categories' },
  { method: 'GET', path: '/banks' },
  { method: 'GET', path: '/shops/:id' },
  { method: 'GET', path: '/shops/:id/products' },
  { method: 'GET', path: '/shops/products/:id/' },
  { method: 'GET', path: '/ads/:id/' },
  { method: 'GET', path: '/ads/', query: ['shop_id'] },
  { method: 'GET', path: '/media/:id' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/saved/', query: ['page', 'page_size'] },
  { method: 'GET', path: '/saved/ids' },
  { method: 'GET', path: '/saved/shops', query: ['ids'] },
  { method: 'GET', path: '/payments/simulator/checkout/:id' },
  { method: 'GET', path: '/payments/simulator/transaction/verify/:id' },
  { method: 'GET', path: '/threads', query: ['before', 'page_size'] },
  { method: 'GET', path: '/threads/unread-count' },
  { method: 'GET', path: '/threads/:id', query: ['before', 'after'] },
  { method: 'GET', path: '/threads/:id/messages/:message_id' },
  { method: 'GET', path: '/moderation/messages/:message_id' },
];

/** Deletes go for Ada's things and Bola's second shop; Bola's own first shop stays so the uploads have a target. */
const DELETE_ENDPOINTS: Endpoint[] = [
  { method: 'DELETE', path: '/shops/:id/delete/' },
  { method: 'DELETE', path: '/shops/products/:id/delete/' },
  { method: 'DELETE', path: '/saved/:id/' },
];

function idValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(world.adaShopId, world.adaProductId, world.bolaShopId, world.bolaProductId, world.threadId),
    fc.uuid(),
    fc.constantFrom('0', '-1', 'null', '..', '..%2F..%2Fetc%2Fpasswd', '%00', '%E0%A4%A', 'shops/x.jpg', 'a'.repeat(300)),
    nastyString.map(asPathSegment),
  );
}

function messageIdValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat({ max: 20 }).map(String),
    fc.constantFrom('-1', '1e3', '0x1', '9007199254740993', '99999999999999999999', '1.5', ' 1'),
    nastyString.map(asPathSegment),
  );
}

function pathOf(endpoint: Endpoint): fc.Arbitrary<string> {
  return fc.tuple(idValue(), messageIdValue()).map(([id, messageId]) => endpoint.path.replace(':id', id).replace(':message_id', messageId));
}

/** Nobody, a forged token, or Bola: the fuzzer never holds Ada's token. */
function authorization(): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    fc.constant({}),
    fc.constant(bearer(world.bola.access)),
    fc.constantFrom('Bearer', 'Bearer ', 'Bearer x.y.z', 'Basic YTpi', `Bearer ${world.bola.refresh}`, `bearer ${world.bola.access}`).map((value) => ({
      authorization: value,
    })),
    fc.constant(bearer(`${world.bola.access.split('.').slice(0, 2).join('.')}.forged`)),
  );
}

function requestFor(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    url: fc.tuple(pathOf(endpoint), queryOf(endpoint.query ?? ['q', 'page'])).map(([path, query]) => path + query),
    body: endpoint.fields ? jsonBodyOf(endpoint.fields) : fc.constant<RawBody>({}),
    auth: authorization(),
    headers: junkHeaders,
  });
}

type FuzzRequest = { url: string; body: RawBody; auth: Record<string, string>; headers: Record<string, string> };

async function send(endpoint: Endpoint, request: FuzzRequest) {
  const { payload, contentType } = request.body;
  const response = await world.api.app.inject({
    method: endpoint.method,
    url: request.url,
    payload,
    headers: { ...request.headers, ...request.auth, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
  });
  expectHonestAnswer(response, `${endpoint.method} ${request.url}`, !endpoint.path.startsWith('/payments/simulator/'));
}

async function fuzz(endpoints: Endpoint[], runsEach: number) {
  for (const endpoint of endpoints) {
    await fc.assert(
      fc.asyncProperty(requestFor(endpoint), (request) => send(endpoint, request)),
      fuzzParameters(runsEach),
    );
  }
}

describe('the API under generated requests', () => {
  it(
    'answers every generated JSON body, header and query with a 2xx-4xx in the contract shapes',
    async () => {
      await fuzz(JSON_ENDPOINTS, 150);
      await expectInvariants(world);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    'answers generated reads, paths and query strings without a 5xx',
    async () => {
      await fuzz(READ_ENDPOINTS, 120);
      await expectInvariants(world);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    "lets nobody delete Ada's shop or products, whatever the request",
    async () => {
      await fuzz(DELETE_ENDPOINTS, 100);
      await expectInvariants(world);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    'answers unknown methods and paths with 404 or 405, never a 5xx',
    async () => {
      const anyMethod = fc.constantFrom<Method>('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
      const anyPath = fc.oneof(
        fc.constantFrom(...[...JSON_ENDPOINTS, ...READ_ENDPOINTS, ...DELETE_ENDPOINTS].map((endpoint) => endpoint.path)),
        fc.webPath().map((path) => (path.startsWith('/') ? path : `/${path}`)),
        nastyString.map((text) => `/${asPathSegment(text)}`),
      );
      await fc.assert(
        fc.asyncProperty(anyMethod, anyPath, idValue(), authorization(), async (method, path, id, auth) => {
          const url = path.replace(':id', id);
          const response = await world.api.app.inject({ method, url, headers: auth });
          expectHonestAnswer(response, `${method} ${url}`, !url.startsWith('/payments/simulator/'));
        }),
        fuzzParameters(400),
      );
      await expectInvariants(world);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
