import Negotiator from 'negotiator';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

// Apart from the language list, so browsers never download the header parser.

/** The language a browser's `Accept-Language` prefers among ours, or English. */
export function preferredLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LANGUAGES]);
  return isLanguage(best) ? best : DEFAULT_LANGUAGE;
}
