import { compileMessage } from '@lingui/message-utils/compileMessage';
import { AREAS, type AreaName } from '#rules/i18n/areas.ts';
import type { Language } from '#rules/i18n/languages.ts';
import { requestLanguage } from '../request-language.server';
import type { CompiledWords, PageWords } from './words';

const compiled = new Map<string, CompiledWords>();

/** Compiled once per area and language: browsers get ready messages and never the ICU parser. */
function wordsOf(area: AreaName, language: Language): CompiledWords {
  const key = `${area} ${language}`;
  const known = compiled.get(key);
  if (known) return known;
  const { source, translations } = AREAS[area];
  const messages: Record<string, string> = language === 'en' ? source : translations[language].messages;
  const words = Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]));
  compiled.set(key, words);
  return words;
}

/** The words of the given areas in one language. */
export function wordsIn(language: Language, ...areas: AreaName[]): PageWords {
  return { language, messages: Object.assign({}, ...areas.map((area) => wordsOf(area, language))) };
}

/** The words of the given areas in the request's language, for a loader to hand its page. */
export function pageWords(request: Request, ...areas: AreaName[]): PageWords {
  return wordsIn(requestLanguage(request), ...areas);
}
