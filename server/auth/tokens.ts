import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ACCESS_TTL_SECONDS = 30 * 60;
const REFRESH_TTL_SECONDS = 7 * 24 * 60 * 60;

type TokenType = 'access' | 'refresh';

/**
 * A short fingerprint of the password hash rides in every token, so changing the password
 * (a reset after a stolen phone, say) ends every session that was signed in before.
 */
export function passwordFingerprint(secret: Uint8Array, passwordHash: string): string {
  return createHmac('sha256', secret).update(passwordHash).digest('base64url').slice(0, 12);
}

async function sign(secret: Uint8Array, type: TokenType, userId: string, fingerprint: string, ttl: number) {
  return new SignJWT({ token_type: type, user_id: userId, pwd: fingerprint })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${ttl}s`)
    .sign(secret);
}

export async function issueTokens(secret: Uint8Array, userId: string, passwordHash: string) {
  const fingerprint = passwordFingerprint(secret, passwordHash);
  return {
    access: await sign(secret, 'access', userId, fingerprint, ACCESS_TTL_SECONDS),
    refresh: await sign(secret, 'refresh', userId, fingerprint, REFRESH_TTL_SECONDS),
  };
}

export async function issueAccessToken(secret: Uint8Array, userId: string, passwordHash: string) {
  return sign(secret, 'access', userId, passwordFingerprint(secret, passwordHash), ACCESS_TTL_SECONDS);
}

/** The token's user id and fingerprint, or null when it is forged, expired or of the other type. */
export async function readToken(secret: Uint8Array, token: string, type: TokenType) {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (payload.token_type !== type || typeof payload.sub !== 'string' || typeof payload.pwd !== 'string') return null;
    return { userId: payload.sub, fingerprint: payload.pwd };
  } catch {
    return null;
  }
}
