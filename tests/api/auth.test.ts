import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { makeResetLink } from '#server/auth/reset-tokens.ts';
import { latestResetLink } from '../support/outbox';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, newPerson, signUp } from './support/requests';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const post = (url: string, payload: unknown) => api.app.inject({ method: 'POST', url, payload: payload as object });

describe('sign up', () => {
  it('creates the account, answers like login and stores the phone in +234 form', async () => {
    const person = newPerson({ phone_number: '0803 123 4567' });
    const response = await post('/auth/users', person);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ email: person.email, username: person.username, phone_number: '+2348031234567' });
    expect(body.user.date_joined).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body.user.is_moderator).toBe(false);
    expect(body.token.access).toEqual(expect.any(String));
    expect(body.token.refresh).toEqual(expect.any(String));
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('accepts +234 numbers and the path with a trailing slash', async () => {
    const response = await post('/auth/users/', newPerson({ phone_number: '+2348091234567' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.phone_number).toBe('+2348091234567');
  });

  it('accepts a Nigerian mobile number written with the country code and no plus, and stores it in +234 form', async () => {
    const response = await post('/auth/users', newPerson({ phone_number: '234 0803 123 4567' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.phone_number).toBe('+2348031234567');
  });

  it('names every missing field in the words of docs/product.md §5', async () => {
    const response = await post('/auth/users', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: [MSG.emailRequired],
      username: [MSG.usernameRequired],
      phone_number: [MSG.phoneRequired],
      password: [MSG.passwordRequired],
    });
  });

  it('names every bad value in the words of docs/product.md §5', async () => {
    const response = await post('/auth/users', { email: 'ada@lagos', username: 'ab', phone_number: '12345', password: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: [MSG.emailInvalid],
      username: [MSG.usernameMin],
      phone_number: [MSG.phoneInvalid],
      password: [MSG.passwordMin],
    });
  });

  it('refuses an email or username already taken, whatever the letter case', async () => {
    const first = newPerson();
    expect((await post('/auth/users', first)).statusCode).toBe(201);
    const again = await post('/auth/users', newPerson({ email: first.email.toUpperCase(), username: first.username.toUpperCase() }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: [MSG.emailTaken], username: [MSG.usernameTaken] });
  });

  it('answers wrong types, a JSON list and malformed JSON with 400, never 500', async () => {
    const wrongTypes = await post('/auth/users', { email: 5, username: ['x'], phone_number: null, password: {} });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().email).toEqual([MSG.notAString]);
    const list = await post('/auth/users', [1, 2]);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ non_field_errors: [MSG.notAnObject] });
    const broken = await api.app.inject({ method: 'POST', url: '/auth/users', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/JSON parse error/);
  });
});

describe('common passwords', () => {
  it('are refused at sign-up with a clear message, together with the other problems', async () => {
    const first = newPerson();
    expect((await post('/auth/users', first)).statusCode).toBe(201);
    for (const password of ['password1', 'Qwerty123', 'iloveyou']) {
      const response = await post('/auth/users', newPerson({ email: first.email, password }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ email: [MSG.emailTaken], password: [MSG.passwordTooCommon] });
    }
  });

  it('are refused as a new password, and the reset link still works for a better one', async () => {
    const person = await signUp(api.app);
    await post('/auth/password-reset/request/', { email: person.email });
    const link = await latestResetLink(api.dataDir, person.email);
    const uid = link.searchParams.get('uid')!;
    const token = link.searchParams.get('token')!;

    const common = await post('/auth/password-reset/confirm/', { uid, token, new_password: '12345678' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ new_password: [MSG.passwordTooCommon] });
    expect((await post('/auth/password-reset/confirm/', { uid, token, password: 'letmein1' })).json()).toEqual({ new_password: [MSG.passwordTooCommon] });

    expect((await post('/auth/password-reset/confirm/', { uid, token, new_password: 'ada-sells-lace-in-ikeja' })).statusCode).toBe(200);
  });
});

describe('sign in', () => {
  it('works with the username or the email, in any letter case', async () => {
    const person = await signUp(api.app);
    for (const login of [person.username, person.email.toUpperCase()]) {
      const response = await post('/auth/login/', { username_or_email: login, password: 'stall-keeper-42' });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.id).toBe(person.id);
      expect(response.json().token.access).toEqual(expect.any(String));
    }
  });

  it('refuses a wrong password or unknown account with the same 401, in plain words', async () => {
    const person = await signUp(api.app);
    const wrong = await post('/auth/login/', { username_or_email: person.username, password: 'not-it' });
    const unknown = await post('/auth/login/', { username_or_email: 'nobody-here', password: 'stall-keeper-42' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Wrong username, email or password.' });
    }
  });

  it('names missing fields in the words of docs/product.md §5', async () => {
    const response = await post('/auth/login/', { username_or_email: '  ', password: '' });
    expect(response.json()).toEqual({ username_or_email: [MSG.usernameOrEmailRequired], password: [MSG.passwordRequired] });
  });
});

describe('profile and tokens', () => {
  it('gives the signed-in user with their shops', async () => {
    const person = await signUp(api.app);
    const response = await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(person.access) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: person.id, username: person.username, shops: [] });
  });

  it('answers 401 in the contract shapes without a token or with a forged one', async () => {
    const none = await api.app.inject({ method: 'GET', url: '/auth/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: MSG.notAuthenticated });
    const person = await signUp(api.app);
    const forged = `${person.access.slice(0, -4)}AAAA`;
    for (const token of [forged, 'garbage', person.refresh]) {
      const response = await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: MSG.tokenInvalid, code: 'token_not_valid' });
    }
  });

  it('refuses an expired access token', async () => {
    const person = await signUp(api.app);
    const expired = await new SignJWT({ token_type: 'access', user_id: person.id, pwd: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(person.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(api.config.jwtSecret);
    const response = await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('token_not_valid');
  });

  it('renews an access token with the refresh token, and refuses an access token there', async () => {
    const person = await signUp(api.app);
    const renewed = await post('/auth/token/refresh/', { refresh: person.refresh });
    expect(renewed.statusCode).toBe(200);
    const profile = await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(renewed.json().access) });
    expect(profile.statusCode).toBe(200);
    const wrongKind = await post('/auth/token/refresh/', { refresh: person.access });
    expect(wrongKind.statusCode).toBe(401);
    expect(wrongKind.json().code).toBe('token_not_valid');
  });
});

describe('password reset', () => {
  it('mails a link that verifies, sets the new password once, and then stops working', async () => {
    const person = await signUp(api.app);
    const requested = await post('/auth/password-reset/request/', { email: person.email.toUpperCase() });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: MSG.resetRequestSent });

    const link = await latestResetLink(api.dataDir, person.email);
    const uid = link.searchParams.get('uid')!;
    const token = link.searchParams.get('token')!;
    expect((await post('/auth/password-reset/verify/', { uid, token })).json()).toEqual({ valid: true });

    const tooShort = await post('/auth/password-reset/confirm/', { uid, token, new_password: '123' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toEqual({ new_password: [MSG.passwordMin] });

    const confirmed = await post('/auth/password-reset/confirm/', { uid, token, new_password: 'brand-new-pass' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: MSG.passwordResetDone });

    const login = await post('/auth/login/', { username_or_email: person.username, password: 'brand-new-pass' });
    expect(login.statusCode).toBe(200);
    const oldSession = await api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(person.access) });
    expect(oldSession.statusCode).toBe(401);

    const reused = await post('/auth/password-reset/confirm/', { uid, token, password: 'another-pass' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: MSG.resetLinkInvalid });
    expect((await post('/auth/password-reset/verify/', { uid, token })).statusCode).toBe(400);
  });

  it('gives the same answer for an unknown email and sends nothing', async () => {
    const response = await post('/auth/password-reset/request/', { email: 'nobody@nowhere.ng' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MSG.resetRequestSent });
    // Mail goes out after the answer: once a later request's mail has arrived, the first one's would have too.
    const person = await signUp(api.app);
    await post('/auth/password-reset/request/', { email: person.email });
    await latestResetLink(api.dataDir, person.email);
    await expect(latestResetLink(api.dataDir, 'nobody@nowhere.ng', { waitMs: 0 })).rejects.toThrow();
  });

  it('refuses a link older than one hour and a forged one', async () => {
    const person = await signUp(api.app);
    const login = await post('/auth/login/', { username_or_email: person.username, password: 'stall-keeper-42' });
    expect(login.statusCode).toBe(200);
    const { users } = await import('#server/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const [user] = await api.database.db.select().from(users).where(eq(users.id, person.id));
    const old = makeResetLink(api.config.jwtSecret, user!, Date.now() - 61 * 60 * 1000);
    expect((await post('/auth/password-reset/verify/', old)).json()).toEqual({ detail: MSG.resetLinkInvalid });
    const forged = makeResetLink(new TextEncoder().encode('not-our-secret-not-our-secret-!!'), user!);
    expect((await post('/auth/password-reset/confirm/', { ...forged, new_password: 'whatever-new-1' })).statusCode).toBe(400);
    const garbage = await post('/auth/password-reset/verify/', { uid: '%%%', token: '' });
    expect(garbage.statusCode).toBe(400);
  });
});
