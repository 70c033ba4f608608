import { Agent } from 'undici';
import { beforeAll, describe, inject } from 'vitest';
import routes from '#app/routes.ts';
import { FUZZ_TEST_TIMEOUT_MS } from '../api/support/fuzz';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { grantModerator } from './support/moderators';
import { webProcesses } from './support/web-processes';
import { ownerAtApi, productsOf, shopOf, webSessionCookie } from './support/web-requests';

/**
 * Every route of app/routes.ts, page, action and resource alike, with control characters where a visitor
 * can put them: in path segments, query names and values, form field names, values and file names,
 * urlencoded and multipart, signed out, as an owner and as a moderator. No answer may be a 5xx.
 * Plain requests, so they run once, in the run without JavaScript.
 */

/** Percent-encoded bytes for URLs and urlencoded bodies: NUL, C0 and DEL, C1, lone surrogates in UTF-8, bytes that are no UTF-8. */
const ENCODED = ['a%00b', '%01%08%0B%0C%1B%7F', '%C2%80%C2%85%C2%9B%C2%9F', '%ED%A0%80', '%ED%BF%BF', '%FF%FE', '%C0%80', '%E2%80%AE%EF%BF%BF'];
/** The same as text, for multipart names, values and file names (sent as UTF-8, lone surrogates as U+FFFD by the encoder). */
const RAW = ['a\u0000b', '\u0001\u0008\u000b\u000c\u001b\u007f', '\u0080\u0085\u009b\u009f', '\ud800', '\udfff', '\u202e\uffff'];

/** The names the pages send and the loaders read, so each reaches code that parses it. */
const FIELDS = [
  'username_or_email',
  'password',
  'email',
  'username',
  'phone_number',
  'current_password',
  'new_password',
  'confirm_password',
  'message_mail',
  'renewal_mail',
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
  'state',
  'area',
  'price',
  'stars',
  'review',
  'reason',
  'details',
  'action',
  'note',
  'on',
  'redirectTo',
];
const QUERY = [
  'q',
  'page',
  'state',
  'category',
  'sort',
  'redirectTo',
  'uid',
  'token',
  'reference',
  'trxref',
  'created',
  'updated',
  'added',
  'expired',
  'done',
  'account-deleted',
  'shop_id',
  'ids',
];

type Visitor = 'signed out' | 'owner' | 'moderator';

let ids: Record<string, string>;
let cookies: Record<Visitor, string>;

beforeAll(async () => {
  if (!plainHttp) return;
  const webUrl = inject('webUrl');
  const apiUrl = inject('apiUrl');
  const owner = await ownerAtApi(apiUrl);
  const moderator = await ownerAtApi(apiUrl);
  await grantModerator(moderator.email);
  const shop = await shopOf(apiUrl, owner, { name: 'Control Characters Stores' });
  const [product] = await productsOf(apiUrl, owner, shop.id, ['Garri']);
  const asShop = (await (await fetch(`${apiUrl}/shops/${shop.id}`)).json()) as { short_code: string; image: string | null };
  // The moderator writes to the shop, so the owner is a side of a thread with a message to report.
  const asked = await fetch(`${apiUrl}/shops/${shop.id}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${moderator.access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body: 'Is the garri dry?' }),
  });
  const { thread_id, message } = (await asked.json()) as { thread_id: string; message: { id: number } };
  ids = {
    id: shop.id,
    shop_id: shop.id,
    product_id: product!.id,
    rating_id: shop.id,
    code: asShop.short_code,
    thread_id,
    message_id: String(message.id),
  };
  cookies = { 'signed out': '', owner: await webSessionCookie(webUrl, owner), moderator: await webSessionCookie(webUrl, moderator) };
});

/** The route's path with each parameter given `value` (or its real id when `value` is null). */
function pathOf(pattern: string | undefined, value: string | null): string {
  if (pattern === undefined) return '/';
  const segments = pattern.split('/').map((segment) => {
    if (segment === '*') return value ?? 'shops/none/main.jpg';
    if (!segment.startsWith(':')) return segment;
    return value ?? ids[segment.slice(1).replace(/\?$/, '')]!;
  });
  return `/${segments.join('/')}`;
}

/** One multipart body by hand, so names and file names carry exactly the bytes given. */
function multipart(entries: [string, string][], filename: string): { body: Buffer; type: string } {
  const boundary = 'KasuwaFuzzBoundary';
  const parts = entries.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\nnot a photo\r\n`);
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

const client = new Agent({ connections: 4 });
const LOGOUT = 'logout';

describe.runIf(plainHttp)(`every route with control characters and lone surrogates (JavaScript ${jsMode})`, () => {
  test(
    'answers every page, action and resource below 500, whoever asks, and no web process dies',
    async ({ webUrl }) => {
      const before = webProcesses(webUrl);
      const visitors: Visitor[] = ['signed out', 'owner', 'moderator'];
      const failures: string[] = [];
      let sent = 0;
      const send = async (visitor: Visitor, method: 'GET' | 'POST', path: string, body?: { body: Buffer | string; type: string }) => {
        const headers: Record<string, string> = { origin: webUrl };
        if (cookies[visitor]) headers.cookie = cookies[visitor];
        if (body) headers['content-type'] = body.type;
        const response = await fetch(`${webUrl}${path}`, {
          method,
          headers,
          body: body?.body,
          redirect: 'manual',
          dispatcher: client,
          signal: AbortSignal.timeout(15_000),
        } as RequestInit);
        const text = await response.text();
        sent += 1;
        if (response.status >= 500) failures.push(`${visitor} ${method} ${path.slice(0, 120)} → ${response.status}: ${text.slice(0, 120)}`);
      };

      for (const [index, route] of routes.entries()) {
        // Signing out as the owner or moderator would end the sessions the other requests use.
        const who = (turn: number) => (route.path === LOGOUT ? 'signed out' : visitors[(index + turn) % visitors.length]!);
        for (const [turn, encoded] of ENCODED.entries()) {
          const real = pathOf(route.path, null);
          const query = QUERY.map((name) => `${name}=${encoded}`).join('&');
          await send(who(turn), 'GET', `${real}?${query}&${encoded}=1`);
          await send(who(turn + 1), 'GET', `${real === '/' ? '/_' : real}.data?${query}`);
          if (route.path?.includes(':') || route.path?.includes('*')) await send(who(turn + 2), 'GET', pathOf(route.path, encoded));
          // A few fields at a time, as a form sends them (more than a form has are refused unread), the turns covering them all.
          const fields = [0, 1, 2, 3].map((at) => FIELDS[(turn * 4 + at) % FIELDS.length]!);
          const form = fields.map((name) => `${name}=${encoded}`).join('&');
          await send(who(turn), 'POST', real, { body: form, type: 'application/x-www-form-urlencoded' });
          await send(who(turn + 1), 'POST', real, { body: `${encoded}=1`, type: 'application/x-www-form-urlencoded' });
          const raw = RAW[turn % RAW.length]!;
          const entries = fields.map((name): [string, string] => [name, raw]);
          await send(who(turn + 2), 'POST', real, multipart(turn % 2 ? [...entries, [`name${raw}`, raw]] : entries, `${raw}.jpg`));
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(routes.length * ENCODED.length * 5);
      expect(webProcesses(webUrl)).toEqual(before);
      expect((await fetch(`${webUrl}/healthz`)).status).toBe(200);
    },
    FUZZ_TEST_TIMEOUT_MS * 2,
  );
});
