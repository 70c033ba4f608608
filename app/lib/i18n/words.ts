import { setupI18n } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { createContext, useContext } from 'react';
import type { MessageKey } from '#rules/i18n/keys.ts';
import { DEFAULT_LANGUAGE, type Language } from '#rules/i18n/languages.ts';

export type CompiledWords = Record<string, CompiledMessage>;

/** What a loader hands its page: its areas' words, compiled, in the visitor's language. */
export type PageWords = { language: Language; messages: CompiledWords };

export type Translate = ((key: MessageKey, values?: Record<string, string | number>) => string) & { language: Language };

/** Lingui's runtime formats the plurals and placeholders (docs/decisions/082-five-languages.md). */
export function translator(pages: readonly PageWords[]): Translate {
  const language = pages[0]?.language ?? DEFAULT_LANGUAGE;
  const i18n = setupI18n({ locale: language, messages: { [language]: Object.assign({}, ...pages.map((page) => page.messages)) } });
  return Object.assign((key: MessageKey, values?: Record<string, string | number>) => i18n._(key, values), { language });
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
