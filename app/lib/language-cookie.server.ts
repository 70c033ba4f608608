import { serialize } from 'cookie';
import type { Language } from '#rules/i18n/languages.ts';
import { getWebEnv } from './env.server';
import { COOKIE } from './request-cookies';

const A_YEAR = 365 * 24 * 60 * 60;

/** The visitor's language, read by lib/request-language.server.ts. */
export function languageCookie(language: Language): string {
  const secure = getWebEnv().webUrl.startsWith('https://');
  return serialize(COOKIE.language, language, { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: A_YEAR });
}
