import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { ROOT } from '#scripts/lib/product.ts';

const run = promisify(execFile);

export type SessionCookie = { name: string; value: string };

/**
 * A buyer who has written to `shopId`, for the signed-in pages (inbox, thread). Each call of `signIn` is
 * a new web session: a visit may renew the one it was given, which would retire it for the next visit.
 */
async function newPerson(apiUrl: string) {
  const tag = randomBytes(4).toString('hex');
  const person = { email: `bench${tag}@example.ng`, username: `bench${tag}`, phone_number: '08031234567', password: 'bench-buyer-42' };
  const signedUp = await request(`${apiUrl}/auth/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(person) });
  const { token } = (await signedUp.body.json()) as { token: { access: string } };
  return { person, token };
}

/** A moderator made as a deployment makes one (`npm run moderator -- grant`), for the stall-visit page. */
export async function newModerator(apiUrl: string, webUrl: string, dataDir: string) {
  const { person } = await newPerson(apiUrl);
  await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/moderation/moderator-cli.ts'), 'grant', person.email], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    cwd: ROOT,
    timeout: 60_000,
  });
  return { signIn: () => webSession(webUrl, person) };
}

export async function buyerWithThread(apiUrl: string, webUrl: string, shopId: string) {
  const { person, token } = await newPerson(apiUrl);
  const sent = await request(`${apiUrl}/shops/${shopId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access}` },
    body: JSON.stringify({ body: 'Good morning. Is this still available, and can you deliver to Surulere on Saturday?' }),
  });
  const { thread_id: threadId } = (await sent.body.json()) as { thread_id: string };
  return { threadId, access: token.access, signIn: () => webSession(webUrl, person) };
}

async function apiPut(url: string, access: string, body: object): Promise<{ id: string }> {
  const answer = await request(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify(body),
  });
  if (answer.statusCode >= 300) throw new Error(`PUT ${url} answered ${answer.statusCode}: ${await answer.body.text()}`);
  return (await answer.body.json()) as { id: string };
}

/** The buyer's review of the owner's shop, answered by its owner, for the answer and answer-report pages. */
export async function answeredReview(apiUrl: string, buyerAccess: string, shop: OwnersShop): Promise<string> {
  const rating = await apiPut(`${apiUrl}/shops/${shop.id}/rating`, buyerAccess, { stars: 4, review: 'Good rice, and the owner delivered on time.' });
  await apiPut(`${apiUrl}/shops/${shop.id}/ratings/${rating.id}/answer`, shop.access, { answer: 'Thank you. We deliver in Surulere every Saturday.' });
  return rating.id;
}

/** A new web session for `person`, through the sign-in form posted plainly. */
export async function webSession(webUrl: string, person: { username: string; password: string }): Promise<SessionCookie> {
  const answer = await request(`${webUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
    body: new URLSearchParams({ username_or_email: person.username, password: person.password }).toString(),
  });
  await answer.body.dump();
  const setCookie = [answer.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('__kasuwa='));
  if (!setCookie) throw new Error(`web sign-in failed: ${answer.statusCode}`);
  const pair = setCookie.split(';')[0]!;
  return { name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) };
}

export type OwnersShop = { id: string; shortCode: string; access: string };

/** The first shop of an owner who exists in the data set, to open their owner's pages, with the owner's API token. */
export async function ownersFirstShop(apiUrl: string, person: { username: string; password: string }): Promise<OwnersShop> {
  const login = await request(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: person.username, password: person.password }),
  });
  const { token } = (await login.body.json()) as { token: { access: string } };
  const profile = await request(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${token.access}` } });
  const { shops } = (await profile.body.json()) as { shops: { id: string; short_code: string }[] };
  if (!shops[0]) throw new Error(`${person.username} has no shop`);
  return { id: shops[0].id, shortCode: shops[0].short_code, access: token.access };
}
