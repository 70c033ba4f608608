import { isLanguage, LANGUAGE_PARAM, type Language } from '#rules/i18n/languages.ts';
import { preferredLanguage } from '#rules/i18n/preferred-language.ts';
import { COOKIE, readCookies } from './request-cookies';

type LanguageFacts = { search: string; cookie: string | null | undefined; acceptLanguage: string | null | undefined };

/**
 * The one reading of a request's language, for the pages and the page memory's key (docs/languages.md):
 * a link to a page in one language, then the visitor's choice, then their browser's.
 * The web server imports this module too: keep it free of app code.
 */
export function languageOf({ search, cookie, acceptLanguage }: LanguageFacts): Language {
  const linked = new URLSearchParams(search).get(LANGUAGE_PARAM);
  if (isLanguage(linked)) return linked;
  const chosen = readCookies(cookie)[COOKIE.language];
  if (isLanguage(chosen)) return chosen;
  return preferredLanguage(acceptLanguage);
}

export const requestLanguage = (request: Request): Language =>
  languageOf({
    search: new URL(request.url).search,
    cookie: request.headers.get('cookie'),
    acceptLanguage: request.headers.get('accept-language'),
  });
