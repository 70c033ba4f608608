import { createCookieSessionStorage } from 'react-router';
import { getWebEnv } from './env.server';

export type SessionUser = { id: string; username: string; email: string };

type SessionData = { user: SessionUser; access: string; refresh: string; lastSeen: number };

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

/** The signed, httpOnly, SameSite=Lax cookie that holds the provider's tokens; nothing goes to localStorage. */
export function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: '__kasuwa',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: getWebEnv().webUrl.startsWith('https://'),
      secrets: [getWebEnv().sessionSecret],
    },
  });
  return storage;
}

/** The signed-in person, or null. */
export async function currentUser(request: Request): Promise<SessionUser | null> {
  const session = await sessionStorage().getSession(request.headers.get('cookie'));
  return session.get('user') ?? null;
}
