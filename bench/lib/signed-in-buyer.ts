import { randomBytes } from 'node:crypto';
import { request } from 'undici';

export type SessionCookie = { name: string; value: string };

/**
 * A buyer who has written to `shopId`, for the signed-in pages (inbox, thread). Each call of `signIn` is
 * a new web session: a visit may renew the one it was given, which would retire it for the next visit.
 */
export async function buyerWithThread(apiUrl: string, webUrl: string, shopId: string) {
  const tag = randomBytes(4).toString('hex');
  const person = { email: `bench${tag}@example.ng`, username: `bench${tag}`, phone_number: '08031234567', password: 'bench-buyer-42' };
  const signedUp = await request(`${apiUrl}/auth/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(person) });
  const { token } = (await signedUp.body.json()) as { token: { access: string } };
  const sent = await request(`${apiUrl}/shops/${shopId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access}` },
    body: JSON.stringify({ body: 'Good morning. Is this still available, and can you deliver to Surulere on Saturday?' }),
  });
  const { thread_id: threadId } = (await sent.body.json()) as { thread_id: string };
  return { threadId, signIn: () => webSession(webUrl, person) };
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

/** The first shop of an owner who exists in the data set, to open their owner's pages. */
export async function ownersFirstShop(apiUrl: string, person: { username: string; password: string }): Promise<string> {
  const login = await request(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: person.username, password: person.password }),
  });
  const { token } = (await login.body.json()) as { token: { access: string } };
  const profile = await request(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${token.access}` } });
  const { shops } = (await profile.body.json()) as { shops: { id: string }[] };
  if (!shops[0]) throw new Error(`${person.username} has no shop`);
  return shops[0].id;
}
