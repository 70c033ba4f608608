import type { Language } from '#rules/i18n/languages.ts';
import { preferenceCookie } from './lite-mode.server';
import { COOKIE } from './request-cookies';

/** The visitor's language, read by lib/request-language.server.ts. */
export const languageCookie = (language: Language): string => preferenceCookie(COOKIE.language, language);
