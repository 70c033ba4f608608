import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { passwordFingerprint, readAccessToken } from '#server/auth/tokens.ts';
import { sessions, users } from '#server/db/schema.ts';
import { notAuthenticated, tokenNotValid } from '#server/errors.ts';

export type AuthUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The sign-in (`sessions` row) the access token names, so a call can end every other one. */
    loginId: string | null;
  }
  interface FastifyInstance {
    /** onRequest hook for signed-in calls: 401 in docs/api.md §1's shapes, else `request.user` is set. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : '';
}

export const auth = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('loginId', null);
    // The user and their login in one statement: a login ended by logout (or by a stolen refresh token
    // coming back) takes its access tokens with it.
    const userOfLogin = app.db
      .select(getTableColumns(users))
      .from(users)
      .innerJoin(sessions, eq(sessions.userId, users.id))
      .where(and(eq(users.id, sql.placeholder('userId')), eq(sessions.id, sql.placeholder('sessionId')), sql`${sessions.expiresAt} > now()`))
      .limit(1)
      .prepare('user_of_login');
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (token === null) throw notAuthenticated();
      const claims = token ? await readAccessToken(app.config.jwtSecret, token) : null;
      if (!claims) throw tokenNotValid();
      const [user] = await userOfLogin.execute({ userId: claims.userId, sessionId: claims.sessionId });
      if (!user || passwordFingerprint(app.config.jwtSecret, user.passwordHash) !== claims.fingerprint) throw tokenNotValid();
      request.user = user;
      request.loginId = claims.sessionId;
    });
  },
  { name: 'auth', dependencies: ['core'] },
);

/** The signed-in user of a route that ran `app.authenticate`. */
export function signedIn(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
