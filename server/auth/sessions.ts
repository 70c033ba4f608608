import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';
import { REFRESH_TTL_SECONDS, type RefreshClaims } from './tokens';

/**
 * Two requests carrying the same refresh token (one person's two tabs, the web tier's two processes)
 * may both ask for a renewal: within this long after a rotation the token just replaced still gets a
 * pair of the current generation, rather than being taken for a stolen one.
 */
export const ROTATION_GRACE_SECONDS = 30;

/** Starts a login that lasts REFRESH_TTL_SECONDS. */
export async function startLogin(db: Db, userId: string): Promise<{ sessionId: string; generation: number; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + REFRESH_TTL_SECONDS * 1000);
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return { sessionId: row!.id, generation: 0, expiresAt };
}

/**
 * Deletes the logins that have ended, so they do not pile up. A periodic job (one instance at a time)
 * rather than part of every sign-in: sign-ins on several instances at once would wait on each other's deletes.
 */
export async function purgeEndedLogins(db: Db): Promise<{ removed: number }> {
  const { rows } = (await db.execute(sql`
    with gone as (delete from sessions where expires_at < now() returning 1)
    select count(*)::int as removed from gone`)) as { rows: { removed: number }[] };
  return { removed: rows[0]!.removed };
}

export type Rotation = { outcome: 'rotated'; generation: number; expiresAt: Date } | { outcome: 'reused' } | { outcome: 'ended' };

/**
 * Spends a refresh token: the login moves on to the next generation, whose token alone works from now on.
 * A token of an older generation, outside the grace, was used before: the login is ended for everyone
 * holding a token of it, thief and owner alike (OAuth 2.0 Security BCP, refresh token rotation).
 */
export async function rotate(db: Db, claims: RefreshClaims): Promise<Rotation> {
  const ours = and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), sql`${sessions.expiresAt} > now()`);
  const [next] = await db
    .update(sessions)
    .set({ generation: sql`${sessions.generation} + 1`, rotatedAt: sql`now()` })
    .where(and(ours, eq(sessions.generation, claims.generation)))
    .returning({ generation: sessions.generation, expiresAt: sessions.expiresAt });
  if (next) return { outcome: 'rotated', ...next };
  const [current] = await db
    .select({
      generation: sessions.generation,
      expiresAt: sessions.expiresAt,
      inGrace: sql<boolean>`${sessions.rotatedAt} > now() - make_interval(secs => ${ROTATION_GRACE_SECONDS})`,
    })
    .from(sessions)
    .where(ours);
  if (!current) return { outcome: 'ended' };
  if (claims.generation === current.generation - 1 && current.inGrace) {
    return { outcome: 'rotated', generation: current.generation, expiresAt: current.expiresAt };
  }
  await endLogin(db, claims);
  return { outcome: 'reused' };
}

/** Ends a login: its refresh and access tokens are refused from now on. */
export async function endLogin(db: Db, claims: { sessionId: string; userId: string }): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)));
}
