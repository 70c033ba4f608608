import { createHmac, timingSafeEqual } from 'node:crypto';
import { serialize } from 'cookie';
import type { Cookie, CookieOptions } from 'react-router';
import { readCookies } from './request-cookies';

type SignedCookieOptions = Omit<CookieOptions, 'secrets'> & {
  /** The first signs; any of them verifies, so a new secret can go first while cookies signed with the old one still count. */
  secrets: [string, ...string[]];
};

/** HMAC-SHA256 in base64 without padding, as React Router writes it. */
function signature(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64').replace(/=+$/, '');
}

/**
 * A signed cookie in React Router's own format (`createCookie` with `secrets`): the value's JSON in base64,
 * a dot, and its signature; a cookie written by either reads in the other. React Router imports a
 * WebCrypto key for every check, many times the cost of node:crypto on every signed-in request.
 */
export function signedCookie(name: string, { secrets, ...options }: SignedCookieOptions): Cookie {
  const settings = { path: '/', sameSite: 'lax' as const, ...options };

  /** The signed data, or undefined when no secret signed it. */
  function verified(signed: string): string | undefined {
    const dot = signed.lastIndexOf('.');
    if (dot < 0) return undefined;
    const data = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1));
    for (const secret of secrets) {
      const expected = Buffer.from(signature(data, secret));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return data;
    }
    return undefined;
  }

  return {
    name,
    isSigned: true,
    get expires() {
      return settings.maxAge !== undefined ? new Date(Date.now() + settings.maxAge * 1000) : settings.expires;
    },
    async parse(header) {
      const value = readCookies(header)[name];
      if (value === undefined) return null;
      if (value === '') return '';
      const data = verified(value);
      if (data === undefined) return null;
      try {
        return JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
      } catch {
        return {};
      }
    },
    async serialize(value, serializeOptions) {
      const data = Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
      return serialize(name, value === '' ? '' : `${data}.${signature(data, secrets[0])}`, { ...settings, ...serializeOptions });
    },
  };
}
