import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { isId } from '#server/ids.ts';

const ACCESS_TTL_SECONDS = 30 * 60;
export const REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60;

type TokenType = 'access' | 'refresh';

export type TokenClaims = { userId: string; sessionId: string; fingerprint: string };
export type RefreshClaims = TokenClaims & { generation: number };

export type Login = { userId: string; passwordHash: string; sessionId: string; generation: number; expiresAt: Date };

/** Rides in every token, so changing the password ends every earlier sign-in. */
export function passwordFingerprint(secret: Uint8Array, passwordHash: string): string {
  return createHmac('sha256', secret).update(passwordHash).digest('base64url').slice(0, 12);
}

function sign(secret: Uint8Array, claims: Record<string, unknown>, login: Login, expiresAt: number) {
  return new SignJWT({ ...claims, user_id: login.userId, sid: login.sessionId, pwd: passwordFingerprint(secret, login.passwordHash) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(login.userId)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(secret);
}

export async function issueTokens(secret: Uint8Array, login: Login) {
  return {
    access: await sign(secret, { token_type: 'access' }, login, Math.floor(Date.now() / 1000) + ACCESS_TTL_SECONDS),
    refresh: await sign(secret, { token_type: 'refresh', gen: login.generation }, login, Math.floor(login.expiresAt.getTime() / 1000)),
  };
}

const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/** The secret as a key made once: given the bytes, jose imports them again on every token it checks. */
function verifyKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    // A failed import is not kept, so the next check tries again.
    key.catch(() => verifyKeys.delete(secret));
    verifyKeys.set(secret, key);
  }
  return key;
}

async function verified(secret: Uint8Array, token: string, type: TokenType) {
  try {
    // jose accepts a token without `exp` unless told otherwise: one that never expires is refused.
    const { payload } = await jwtVerify(token, await verifyKey(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    if (payload.token_type !== type || !isId(payload.sub) || !isId(payload.sid) || typeof payload.pwd !== 'string') return null;
    return payload;
  } catch {
    return null;
  }
}

export async function readAccessToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  const payload = await verified(secret, token, 'access');
  return payload && { userId: payload.sub as string, sessionId: payload.sid as string, fingerprint: payload.pwd as string };
}

export async function readRefreshToken(secret: Uint8Array, token: string): Promise<RefreshClaims | null> {
  const payload = await verified(secret, token, 'refresh');
  if (!payload || !Number.isSafeInteger(payload.gen) || (payload.gen as number) < 0) return null;
  return { userId: payload.sub as string, sessionId: payload.sid as string, fingerprint: payload.pwd as string, generation: payload.gen as number };
}
