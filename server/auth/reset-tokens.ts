import { createHmac, timingSafeEqual } from 'node:crypto';

const LIFETIME_SECONDS = 60 * 60;

function signature(secret: Uint8Array, userId: string, passwordHash: string, issuedAt: number): string {
  return createHmac('sha256', secret).update(`password-reset:${userId}:${passwordHash}:${issuedAt}`).digest('base64url').slice(0, 32);
}

/**
 * Stateless reset links in Django's manner: the signature covers the current password hash,
 * so the link dies as soon as the password changes (single use) and after an hour.
 */
export function makeResetLink(secret: Uint8Array, user: { id: string; passwordHash: string }, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  return {
    uid: Buffer.from(user.id).toString('base64url'),
    token: `${issuedAt.toString(36)}.${signature(secret, user.id, user.passwordHash, issuedAt)}`,
  };
}

export function userIdFromUid(uid: string): string {
  return Buffer.from(uid, 'base64url').toString('utf8');
}

export function isResetTokenValid(secret: Uint8Array, user: { id: string; passwordHash: string }, token: string, now = Date.now()): boolean {
  const [stamp, given] = token.split('.');
  if (!stamp || !given) return false;
  const issuedAt = parseInt(stamp, 36);
  if (!Number.isFinite(issuedAt) || now / 1000 - issuedAt > LIFETIME_SECONDS || issuedAt - now / 1000 > 60) return false;
  const expected = Buffer.from(signature(secret, user.id, user.passwordHash, issuedAt));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
