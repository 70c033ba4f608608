import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { type ProviderAnswer, startFakeProvider } from '#tests/support/fake-provider.ts';

let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let dataDir: string;
let routes: {
  signup: typeof import('#app/routes/auth/signup.tsx');
  resetPassword: typeof import('#app/routes/auth/reset-password.tsx');
};

/** The provider's answers: a sign-up succeeds; checking a reset link has hit its rate limit. */
const ANSWERS: Record<string, ProviderAnswer> = {
  '/auth/users': {
    status: 201,
    body: { user: { id: '7', email: 'ada@example.ng', username: 'ada', phone_number: '+2348031234567' }, token: { access: 'a', refresh: 'r' } },
  },
  '/auth/password-reset/verify/': {
    status: 429,
    headers: { 'retry-after': '42' },
    body: { detail: 'Request was throttled. Expected available in 42 seconds.' },
  },
};

/** What the web tier sent the provider at `path`. */
const received = (path: string) => provider.received.find((request) => request.path === path)?.body;

beforeAll(async () => {
  provider = await startFakeProvider(({ path }) => ANSWERS[path] ?? { status: 404, body: { detail: 'Not found.' } });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-account-actions-'));
  // The web tier reads its configuration once, on first use: point it at this test's own provider.
  process.env.PROVIDER_URL = provider.url;
  process.env.DATA_DIR = dataDir;
  routes = {
    signup: await import('#app/routes/auth/signup.tsx'),
    resetPassword: await import('#app/routes/auth/reset-password.tsx'),
  };
});

beforeEach(() => {
  provider.received.length = 0;
});

afterAll(async () => {
  await provider.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The arguments React Router hands a signed-out visitor's loader or action. */
function args(url: string, init: RequestInit = {}) {
  return { request: new Request(`http://localhost${url}`, init), params: {}, context: new RouterContextProvider() } as never;
}

/** A `data()` answer as its status and payload. */
function answer(value: unknown): { status: number; data: Record<string, unknown> } {
  const shaped = value as { type?: string; init?: { status?: number }; data?: unknown };
  if (shaped?.type === 'DataWithResponseInit') return { status: shaped.init?.status ?? 200, data: shaped.data as Record<string, unknown> };
  return { status: 200, data: value as Record<string, unknown> };
}

describe('signing up', () => {
  it.each(['08031234567', '0803 123 4567', '+2348031234567', '+234 803-123-4567'])(
    'sends the provider the phone number %s in the +234 form (docs/product.md §5) and the language in use, then goes home signed in, to be greeted',
    async (typed) => {
      const body = new URLSearchParams({ email: 'ada@example.ng', username: 'ada', phone_number: typed, password: 'stall-keeper-42' });
      const response = (await routes.signup.action(args('/signup', { method: 'POST', body, headers: { 'accept-language': 'yo-NG' } }))) as Response;

      expect(received('/auth/users')).toEqual({
        email: 'ada@example.ng',
        username: 'ada',
        phone_number: '+2348031234567',
        password: 'stall-keeper-42',
        language: 'yo',
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/?welcome');
      expect(response.headers.get('set-cookie')).toMatch(/^__kasuwa=[^;]+;/);
    },
  );
});

describe('opening a password reset link while its check is rate-limited', () => {
  it('says when to try again, with a 429, instead of calling the link dead or the network broken', async () => {
    const page = answer(await routes.resetPassword.loader(args('/reset-password?uid=u1&token=t1')));

    expect(received('/auth/password-reset/verify/')).toEqual({ uid: 'u1', token: 't1' });
    expect(page).toMatchObject({ status: 429, data: { linkValid: true, tryAgain: MSG.tooManyAttempts(42) } });
    expect(MSG.tooManyAttempts(42)).toBe('Too many attempts. Please try again in 42 seconds.');
  });
});
