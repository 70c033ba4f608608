import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler = (_request, response) => response.end();
let server: Server;
let dataDir: string;
let provider: typeof import('#app/lib/provider/client.server.ts').provider;
let ProviderError: typeof import('#app/lib/provider/errors.ts').ProviderError;

beforeAll(async () => {
  server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-web-'));
  // The client reads its configuration once, on first use: point it at this test's own server.
  process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.DATA_DIR = dataDir;
  ({ provider } = await import('#app/lib/provider/client.server.ts'));
  ({ ProviderError } = await import('#app/lib/provider/errors.ts'));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

function answer(status: number, body: unknown, type = 'application/json') {
  handler = (_request, response) => {
    response.writeHead(status, { 'content-type': type });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

const shop = { id: 7, name: 'Bukka Hut', image_url: 'http://api.example:8000/media/shops/a/main.jpg' };

/** A visitor's request as the web server hands it on, with the address it vouches for. */
const visit = (address = '203.0.113.9') => new Request('http://localhost/login', { headers: { 'x-forwarded-for': address } });

describe('the provider client', () => {
  it('reads either shape of the shop list and serves provider images from the site', async () => {
    answer(200, [shop]);
    const plain = await provider.listShops();
    expect(plain.for_you.map((s) => [s.id, s.name, s.image_url])).toEqual([['7', 'Bukka Hut', '/media/shops/a/main.jpg']]);
    answer(200, { sponsored_shops: [shop], for_you: [], next_page: 2 });
    const split = await provider.listShops();
    expect(split.sponsored_shops).toHaveLength(1);
    expect(split.next_page).toBe(2);
  });

  it('sends the query, page and bearer token it is given', async () => {
    let seen: IncomingMessage | undefined;
    handler = (request, response) => {
      seen = request;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 1, email: 'a@b.c', username: 'ada', shops: [] }));
    };
    await provider.profile('token-123');
    expect(seen?.headers.authorization).toBe('Bearer token-123');
    handler = (request, response) => {
      seen = request;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"sponsored_shops":[],"for_you":[]}');
    };
    await provider.listShops({ q: 'rice & beans', page: 2 });
    expect(seen?.url).toBe('/shops?q=rice+%26+beans&page=2');
  });

  it("gives the API the visitor's address on sign-in, sign-up, password reset, a shop's page and a short link, and on no other call", async () => {
    const seen: (string | undefined)[] = [];
    handler = (request, response) => {
      seen.push(request.headers['x-forwarded-for'] as string | undefined);
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end('{"detail": "no"}');
    };
    const calls = [
      () => provider.login({ username_or_email: 'ada', password: 'stall-keeper-42' }, visit('203.0.113.1')),
      () => provider.signup({ email: 'ada@example.ng', username: 'ada', phone_number: '08031234567', password: 'stall-keeper-42' }, visit('203.0.113.2')),
      () => provider.requestPasswordReset('ada@example.ng', visit('2001:db8::3')),
      () => provider.confirmPasswordReset({ uid: 'MQ', token: 't', new_password: 'stall-keeper-42' }, visit('203.0.113.4')),
      () => provider.getShop('1', visit('203.0.113.5')),
      () => provider.shopByShortCode('k7m2qx', visit('203.0.113.6')),
      () => provider.listShops(),
    ];
    for (const call of calls) await call().catch(() => undefined);
    expect(seen).toEqual(['203.0.113.1', '203.0.113.2', '2001:db8::3', '203.0.113.4', '203.0.113.5', '203.0.113.6', undefined]);
  });

  it("gives the API the visitor's browser with a shop page, so each visitor counts once", async () => {
    let agent: string | undefined;
    handler = (request, response) => {
      agent = request.headers['user-agent'];
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"detail": "Not found."}');
    };
    const phone = new Request('http://localhost/shop/1', { headers: { 'x-forwarded-for': '203.0.113.6', 'user-agent': 'Tecno phone' } });
    await provider.getShop('1', phone).catch(() => undefined);
    expect(agent).toBe('Tecno phone');
  });

  it('turns a 400 body into field messages joined by commas and a form message', async () => {
    answer(400, { email: ['Invalid email address', 'Already taken'], non_field_errors: ['Please fix the errors before submitting'] });
    const error = await provider.signup({ email: 'x', username: 'ada', phone_number: '0', password: 'p' }, visit()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    const failure = error as InstanceType<typeof ProviderError>;
    expect(failure).toMatchObject({ failure: 'http', status: 400 });
    expect(failure.fieldMessages()).toEqual({ email: 'Invalid email address, Already taken' });
    expect(failure.formMessage()).toBe('Please fix the errors before submitting');
  });

  it("reads a list under `code` as that field's errors, but not an error code", async () => {
    const refusal = async () =>
      (await provider.verifyPhone('token', { phone_number: '+2348025088936', code: '123456' }).catch((e: unknown) => e)) as InstanceType<typeof ProviderError>;
    answer(400, { code: ['That code is not right. 4 tries left.'] });
    expect((await refusal()).fieldMessages()).toEqual({ code: 'That code is not right. 4 tries left.' });
    answer(401, { detail: 'Given token not valid', code: 'token_not_valid' });
    expect((await refusal()).fieldMessages()).toEqual({});
  });

  it('keeps a plain-text error body as the message and reads Retry-After', async () => {
    handler = (_request, response) => {
      response.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '42' });
      response.end('Slow down');
    };
    const error = (await provider.login({ username_or_email: 'a', password: 'b' }, visit()).catch((e: unknown) => e)) as InstanceType<typeof ProviderError>;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(42);
    expect(error.formMessage()).toBe('Slow down');
  });

  it('reports a 5xx, a non-JSON success and a malformed answer as distinct failures', async () => {
    answer(502, '<html>Bad gateway</html>', 'text/html');
    await expect(provider.getShop('1', visit())).rejects.toMatchObject({ failure: 'http', status: 502 });
    answer(200, '<html>hello</html>', 'text/html');
    await expect(provider.getShop('1', visit())).rejects.toMatchObject({ failure: 'invalid-answer' });
    answer(200, '{"id": 1,', 'application/json');
    await expect(provider.getShop('1', visit())).rejects.toMatchObject({ failure: 'invalid-answer' });
    answer(200, { name: 42 });
    await expect(provider.getShop('1', visit())).rejects.toMatchObject({ failure: 'invalid-answer' });
  });

  it('gives up on a provider that never answers, as a timeout', async () => {
    handler = () => {};
    await expect(provider.suggest('rice')).rejects.toMatchObject({ failure: 'timeout' });
  }, 10_000);

  it('reports a connection cut mid-answer as a network failure', async () => {
    handler = (request) => request.socket.destroy();
    await expect(provider.getShop('1', visit())).rejects.toMatchObject({ failure: 'network' });
  });
});
