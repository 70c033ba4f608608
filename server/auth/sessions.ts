import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';
import { REFRESH_TTL_SECONDS, type RefreshClaims } from './tokens';

/** Two tabs or web processes may renew one token at once: the one just replaced is not taken for stolen. */
export const ROTATION_GRACE_SECONDS = 30;

export async function startLogin(db: Db, userId: string): Promise<{ sessionId: string; generation: number; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + REFRESH_TTL_SECONDS * 1000);
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return { sessionId: row!.id, generation: 0, expiresAt };
}

/** A periodic job rather than part of every sign-in, where sign-ins would wait on each other's deletes. */
export async function purgeEndedLogins(db: Db): Promise<{ removed: number }> {
  const { rows } = (await db.execute(sql`
    with gone as (delete from sessions where expires_at < now() returning 1)
    select count(*)::int as removed from gone`)) as { rows: { removed: number }[] };
  return { removed: rows[0]!.removed };
}

export type Rotation = { outcome: 'rotated'; generation: number; expiresAt: Date } | { outcome: 'reused' } | { outcome: 'ended' };

/** A token of an older generation, outside the grace, was stolen or replayed: the whole login ends (OAuth 2.0 Security BCP). */
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

export async function endLogin(db: Db, claims: { sessionId: string; userId: string }): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)));
}
