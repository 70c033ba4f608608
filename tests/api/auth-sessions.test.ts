import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { purgeEndedLogins, ROTATION_GRACE_SECONDS } from '#server/auth/sessions.ts';
import { passwordFingerprint } from '#server/auth/tokens.ts';
import { sessions, users } from '#server/db/schema.ts';
import { startTestApi, type TestApi } from './support/harness';
import { bearer, type SignedUp, signUp } from './support/requests';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) => api.app.inject({ method: 'POST', url, payload, headers });
const profile = (access: string) => api.app.inject({ method: 'GET', url: '/auth/profile', headers: bearer(access) });
const refresh = (token: string) => post('/auth/token/refresh/', { refresh: token });
const logout = (person: { access: string; refresh: string }) => post('/auth/logout/', { refresh: person.refresh }, bearer(person.access));

function expectRefused(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ code: 'token_not_valid' });
}

/** Moves the login's last rotation back in time, as if the grace had run out. */
async function rotatedLongAgo(person: SignedUp) {
  await api.database.db
    .update(sessions)
    .set({ rotatedAt: sql`now() - make_interval(secs => ${ROTATION_GRACE_SECONDS + 1})` })
    .where(eq(sessions.userId, person.id));
}

describe('logout', () => {
  it('ends the login: its refresh token and its access token are refused afterwards', async () => {
    const person = await signUp(api.app);
    expect((await profile(person.access)).statusCode).toBe(200);

    const out = await logout(person);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');

    const afterwards = await profile(person.access);
    expect(afterwards.statusCode).toBe(401);
    expect(afterwards.json()).toEqual({ detail: MSG.tokenInvalid, code: 'token_not_valid' });
    expectRefused(await refresh(person.refresh));
  });

  it('ends only that login: the same person signed in on another phone stays signed in', async () => {
    const person = await signUp(api.app);
    const other = (await post('/auth/login/', { username_or_email: person.username, password: 'stall-keeper-42' })).json().token;

    expect((await logout(person)).statusCode).toBe(204);
    expect((await profile(other.access)).statusCode).toBe(200);
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('works with the refresh token alone (the access token may have expired), and twice', async () => {
    const person = await signUp(api.app);
    expect((await post('/auth/logout/', { refresh: person.refresh })).statusCode).toBe(204);
    expect((await post('/auth/logout/', { refresh: person.refresh })).statusCode).toBe(204);
    expect((await profile(person.access)).statusCode).toBe(401);
  });

  it('refuses a missing or forged refresh token in the contract shapes', async () => {
    const person = await signUp(api.app);
    const missing = await post('/auth/logout/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: [MSG.fieldRequired] });
    expectRefused(await post('/auth/logout/', { refresh: person.access }));
    expectRefused(await post('/auth/logout/', { refresh: `${person.refresh.slice(0, -4)}AAAA` }));
    expect((await profile(person.access)).statusCode).toBe(200);
  });
});

describe('refresh token rotation', () => {
  it('answers a new refresh token beside the new access token; the old one stops working', async () => {
    const person = await signUp(api.app);
    const first = await refresh(person.refresh);
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(pair.refresh).not.toBe(person.refresh);
    expect((await profile(pair.access)).statusCode).toBe(200);

    await rotatedLongAgo(person);
    expectRefused(await refresh(person.refresh));
  });

  it('takes a refresh token used twice for a stolen one and ends the whole login', async () => {
    const person = await signUp(api.app);
    const stolen = person.refresh;
    const owner = (await refresh(stolen)).json();
    await rotatedLongAgo(person);

    // The thief comes back with the token the owner has already spent.
    expectRefused(await refresh(stolen));

    // Every token of that login is dead now: the owner's newest refresh token and their access token too.
    expectRefused(await refresh(owner.refresh));
    expect((await profile(owner.access)).statusCode).toBe(401);
    expect((await profile(person.access)).statusCode).toBe(401);
  });

  it('gives two tabs renewing with the same token at once both a working pair', async () => {
    const person = await signUp(api.app);
    const [one, two] = await Promise.all([refresh(person.refresh), refresh(person.refresh)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    for (const pair of [one.json(), two.json()]) {
      expect((await profile(pair.access)).statusCode).toBe(200);
    }
    // Either tab's new refresh token carries the login on.
    const next = await refresh(two.json().refresh);
    expect(next.statusCode).toBe(200);
    expect((await profile(next.json().access)).statusCode).toBe(200);
  });

  it('still ends every login when the password changes', async () => {
    const person = await signUp(api.app);
    await api.database.db.update(users).set({ passwordHash: 'scrypt$changed' }).where(eq(users.id, person.id));
    expectRefused(await refresh(person.refresh));
    expect((await profile(person.access)).statusCode).toBe(401);
  });
});

describe('tokens the API did not issue as they are', () => {
  async function signed(claims: Record<string, unknown>, options: { exp?: boolean; sub?: string } = {}) {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
    if (options.sub !== undefined) jwt.setSubject(options.sub);
    if (options.exp !== false) jwt.setExpirationTime('30m');
    return jwt.sign(api.config.jwtSecret);
  }

  async function loginOf(person: SignedUp) {
    const [row] = await api.database.db.select().from(sessions).where(eq(sessions.userId, person.id));
    const [user] = await api.database.db.select().from(users).where(eq(users.id, person.id));
    return { sid: row!.id, pwd: passwordFingerprint(api.config.jwtSecret, user!.passwordHash) };
  }

  it('refuses a correctly signed access token that never expires', async () => {
    const person = await signUp(api.app);
    const claims = { token_type: 'access', user_id: person.id, ...(await loginOf(person)) };
    // The same claims with an expiry are accepted: only the missing `exp` is wrong.
    expect((await profile(await signed(claims, { sub: person.id }))).statusCode).toBe(200);

    const forever = await profile(await signed(claims, { sub: person.id, exp: false }));
    expect(forever.statusCode).toBe(401);
    expect(forever.json()).toEqual({ detail: MSG.tokenInvalid, code: 'token_not_valid' });
    expectRefused(await refresh(await signed({ ...claims, token_type: 'refresh', gen: 0 }, { sub: person.id, exp: false })));
  });

  it.each([
    ['not a user id', '1 OR 1=1'],
    ['a number', '42'],
    ['empty', ''],
  ])('answers 401, never 500, to a correctly signed token whose subject is %s', async (_, sub) => {
    const person = await signUp(api.app);
    const claims = { token_type: 'access', user_id: sub, ...(await loginOf(person)) };
    const response = await profile(await signed(claims, { sub }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MSG.tokenInvalid, code: 'token_not_valid' });
    expectRefused(await refresh(await signed({ ...claims, token_type: 'refresh', gen: 0 }, { sub })));
    expectRefused(await post('/auth/logout/', { refresh: await signed({ ...claims, token_type: 'refresh', gen: 0 }, { sub }) }));
  });

  it('refuses a token of a login that does not exist or of somebody else', async () => {
    const person = await signUp(api.app);
    const other = await signUp(api.app);
    const { pwd } = await loginOf(person);
    const unknownLogin = await signed({ token_type: 'access', sid: randomUUID(), pwd }, { sub: person.id });
    expect((await profile(unknownLogin)).statusCode).toBe(401);
    const othersLogin = await signed({ token_type: 'access', sid: (await loginOf(other)).sid, pwd }, { sub: person.id });
    expect((await profile(othersLogin)).statusCode).toBe(401);
  });
});

describe('stored logins', () => {
  it('do not pile up: the periodic purge clears logins that have ended, and only those', async () => {
    const person = await signUp(api.app);
    const other = await signUp(api.app);
    await api.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.userId, person.id));
    expect((await profile(person.access)).statusCode).toBe(401);

    expect((await purgeEndedLogins(api.database.db)).removed).toBeGreaterThanOrEqual(1);
    expect(await api.database.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
    expect((await profile(other.access)).statusCode).toBe(200);
  });
});
