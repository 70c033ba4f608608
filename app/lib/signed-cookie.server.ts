import { createHmac, timingSafeEqual } from 'node:crypto';
import { serialize } from 'cookie';
import type { Cookie, CookieOptions } from 'react-router';
import { readCookies } from './request-cookies';

type SignedCookieOptions = Omit<CookieOptions, 'secrets'> & {
  /** The first signs; any verifies, so secrets can be rotated. */
  secrets: [string, ...string[]];
};

function signature(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64').replace(/=+$/, '');
}

/** React Router's `createCookie` format, without its WebCrypto key import per check (docs/decisions/017-sessions.md). */
export function signedCookie(name: string, { secrets, ...options }: SignedCookieOptions): Cookie {
  const settings = { path: '/', sameSite: 'lax' as const, ...options };

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
