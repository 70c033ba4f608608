import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { ADDRESS_SHARE } from '#server/plugins/rate-limits.ts';
import { startTestApi, type TestApi } from './support/harness';
import { newPerson } from './support/requests';

/** Tries a minute for one account; one address gets ADDRESS_SHARE times as many over all accounts. */
const PER_ACCOUNT = 2;
const PER_ADDRESS = PER_ACCOUNT * ADDRESS_SHARE;

// `inject` comes from 127.0.0.1, which the default TRUST_PROXY (loopback) trusts: X-Forwarded-For names
// the client, as it does for the web tier passing on its visitors' addresses.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { AUTH_RATE_LIMIT: String(PER_ACCOUNT) } });
});
afterAll(() => api.close());

let addresses = 0;
/** A client address no other test has used, so each test starts with a fresh allowance. */
const newAddress = () => `198.51.100.${++addresses}`;
let accounts = 0;
const newLogin = () => `nobody-${++accounts}`;

function from(address: string, url: string, payload: object) {
  return api.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': address } });
}

function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({ detail: `Request was throttled. Expected available in ${seconds} seconds.` });
}

describe('sign-in limits', () => {
  const login = (address: string, account: string) => from(address, '/auth/login/', { username_or_email: account, password: 'wrong-guess-1' });

  it('refuse one account after AUTH_RATE_LIMIT tries a minute, whichever addresses they come from', async () => {
    const account = newLogin();
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login(newAddress(), account)).statusCode).toBe(401);
    // The same name in other letter case is the same account.
    expectThrottled(await login(newAddress(), account.toUpperCase()));
    // Other people signing in from that address, or through the web tier, are not held back.
    expect((await login(newAddress(), newLogin())).statusCode).toBe(401);
  });

  it('count one account once, whether it is named by its username or by its email', async () => {
    const person = newPerson();
    expect((await from(newAddress(), '/auth/users/', person)).statusCode).toBe(201);
    const names = [person.username, person.email.toUpperCase()];
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login(newAddress(), names[i % 2]!)).statusCode).toBe(401);
    expectThrottled(await login(newAddress(), person.username));
    expectThrottled(await login(newAddress(), person.email));
  });

  it('refuse one address after its share of tries a minute, whichever accounts they name', async () => {
    const address = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await login(address, newLogin())).statusCode).toBe(401);
    const next = newLogin();
    expectThrottled(await login(address, next));
    // The account itself was not spent by the refused try: it still signs in from elsewhere.
    expect((await login(newAddress(), next)).statusCode).toBe(401);
  });
});

describe('sign-up limits', () => {
  const signUp = (address: string, person: ReturnType<typeof newPerson>) => from(address, '/auth/users/', person);

  it('refuse one email after AUTH_RATE_LIMIT tries a minute, whichever addresses they come from', async () => {
    const email = newPerson().email;
    expect((await signUp(newAddress(), newPerson({ email }))).statusCode).toBe(201);
    expect((await signUp(newAddress(), newPerson({ email }))).statusCode).toBe(400);
    expectThrottled(await signUp(newAddress(), newPerson({ email: email.toUpperCase() })));
    expect((await signUp(newAddress(), newPerson())).statusCode).toBe(201);
  });

  it('refuse one address after its share of sign-ups a minute, whatever emails they give', async () => {
    const address = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await signUp(address, newPerson())).statusCode).toBe(201);
    expectThrottled(await signUp(address, newPerson()));
    expect((await signUp(newAddress(), newPerson())).statusCode).toBe(201);
  });
});

describe('password reset limits', () => {
  const requestReset = (address: string, email: string) => from(address, '/auth/password-reset/request/', { email });
  const newEmail = () => `${newLogin()}@example.ng`;

  it('refuse more reset emails to one address after AUTH_RATE_LIMIT requests a minute, whoever asks', async () => {
    const email = newEmail();
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await requestReset(newAddress(), email)).statusCode).toBe(200);
    expectThrottled(await requestReset(newAddress(), email));
    expect((await requestReset(newAddress(), newEmail())).statusCode).toBe(200);
  });

  it('refuse one client after its share of reset requests a minute, whatever emails they name', async () => {
    const address = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await requestReset(address, newEmail())).statusCode).toBe(200);
    expectThrottled(await requestReset(address, newEmail()));
  });

  it('refuse guesses at one reset link after AUTH_RATE_LIMIT tries a minute, and one client after its share', async () => {
    const confirm = (address: string, uid: string) =>
      from(address, '/auth/password-reset/confirm/', { uid, token: 'guessed-token', new_password: 'brand-new-pass' });
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await confirm(newAddress(), 'MQ')).statusCode).toBe(400);
    expectThrottled(await confirm(newAddress(), 'MQ'));

    const address = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await confirm(address, `uid${i}`)).statusCode).toBe(400);
    expectThrottled(await confirm(address, 'another-uid'));
  });
});

describe('the client address', () => {
  it('is read from X-Forwarded-For only when the hop that sent it is trusted', async () => {
    const config = { ...api.config, authRateLimit: 1, trustProxy: ['10.0.0.1'] };
    const strict = await buildApp({ config, database: api.database, logger: false });
    try {
      const forged = (address: string) =>
        strict.inject({
          method: 'POST',
          url: '/auth/login/',
          payload: { username_or_email: newLogin(), password: 'wrong-guess-1' },
          headers: { 'x-forwarded-for': address },
        });
      for (let i = 0; i < ADDRESS_SHARE; i++) expect((await forged(newAddress())).statusCode).toBe(401);
      // Every forged address was counted as the real one (127.0.0.1), so a new one buys nothing.
      expectThrottled(await forged(newAddress()));
    } finally {
      await strict.close();
    }
  });
});

describe('account deletion limits', () => {
  it('refuse one account’s password guesses after AUTH_RATE_LIMIT tries a minute, and delete nothing', async () => {
    const person = newPerson();
    const signedUp = await from(newAddress(), '/auth/users/', person);
    expect(signedUp.statusCode).toBe(201);
    const access = signedUp.json().token.access as string;
    const remove = (current_password: string) =>
      api.app.inject({
        method: 'POST',
        url: '/auth/account/delete',
        payload: { current_password },
        headers: { 'x-forwarded-for': newAddress(), authorization: `Bearer ${access}` },
      });
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await remove('wrong-guess-1')).statusCode).toBe(400);
    // Even the right password waits out the minute: a stolen sign-in cannot keep guessing.
    expectThrottled(await remove(person.password));
    const profile = await api.app.inject({ method: 'GET', url: '/auth/profile', headers: { authorization: `Bearer ${access}` } });
    expect(profile.statusCode).toBe(200);
  });
});
