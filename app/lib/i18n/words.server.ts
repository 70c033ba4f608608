import { compileMessage } from '@lingui/message-utils/compileMessage';
import { AREAS, type AreaName } from '#rules/i18n/areas.ts';
import { FORM_PATTERNS } from '#rules/i18n/form-patterns.ts';
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
  const english: Record<string, string> = source;
  const messages: Record<string, string> = language === 'en' ? source : translations[language].messages;
  const words = Object.fromEntries(
    Object.entries(messages).flatMap(([id, message]) =>
      id.startsWith('form.') ? formWord(english[id]!, id, message, language) : [[id, compileMessage(message)]],
    ),
  );
  compiled.set(key, words);
  return words;
}

/**
 * Form messages (`form.` keys, in any area) arrive in MSG's English, from a schema or the API, so a page finds them by that text; those
 * with a value, by their key. English pages show MSG itself and need none of them.
 */
function formWord(english: string, id: string, message: string, language: Language): [string, CompiledWords[string]][] {
  if (language === 'en') return [];
  return [[FORM_PATTERNS.some(([, key]) => key === id) ? id : english, compileMessage(message)]];
}

/** The words of the given areas in one language. */
export function wordsIn(language: Language, ...areas: AreaName[]): PageWords {
  return { language, messages: Object.assign({}, ...areas.map((area) => wordsOf(area, language))) };
}

/** The words of the given areas in the request's language, for a loader to hand its page. */
export function pageWords(request: Request, ...areas: AreaName[]): PageWords {
  return wordsIn(requestLanguage(request), ...areas);
}
