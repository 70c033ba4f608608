import { setupI18n } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { createContext, useContext } from 'react';
import { formPatternOf } from '#rules/i18n/form-patterns.ts';
import type { MessageKey } from '#rules/i18n/keys.ts';
import { DEFAULT_LANGUAGE, type Language } from '#rules/i18n/languages.ts';

export type CompiledWords = Record<string, CompiledMessage>;

/** What a loader hands its page: its areas' words, compiled, in the visitor's language. */
export type PageWords = { language: Language; messages: CompiledWords };

export type Translate = ((key: MessageKey, values?: Record<string, string | number>) => string) & {
  language: Language;
  /** A form's or an action's message, given in MSG's English: in the page's language when its catalog has it. */
  said: (english: string) => string;
};

/** Lingui's runtime formats the plurals and placeholders (docs/decisions/082-five-languages.md). */
export function translator(pages: readonly PageWords[]): Translate {
  const language = pages[0]?.language ?? DEFAULT_LANGUAGE;
  const messages: CompiledWords = Object.assign({}, ...pages.map((page) => page.messages));
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  const one = (english: string): string | undefined => {
    if (Object.hasOwn(messages, english)) return i18n._(english);
    const pattern = formPatternOf(english);
    return pattern && Object.hasOwn(messages, pattern.key) ? i18n._(pattern.key, pattern.values) : undefined;
  };
  // Some answers are two messages in a row ("Failed to create shop. " and why): each is said on its own.
  const said = (english: string) =>
    one(english) ??
    Object.keys(messages)
      .filter((start) => english.startsWith(start) && english.length > start.length)
      .map((start) => [one(start), one(english.slice(start.length).trimStart())])
      .find((parts): parts is [string, string] => parts.every(Boolean))
      ?.join(' ') ??
    english;
  return Object.assign((key: MessageKey, values?: Record<string, string | number>) => i18n._(key, values), { language, said });
}

/** The words of every route on screen, from their loaders' `words`. */
export function wordsOnScreen(matches: readonly ({ data?: unknown; loaderData?: unknown } | undefined)[]): PageWords[] {
  return matches.flatMap((match) => {
    const words = ((match?.data ?? match?.loaderData) as { words?: PageWords } | undefined)?.words;
    return words ? [words] : [];
  });
}

export const TranslateContext = createContext<Translate>(translator([]));

export const useT = () => useContext(TranslateContext);
