import { createElement, type ReactNode } from 'react';
import { wordsIn } from '#app/lib/i18n/words.server.ts';
import { TranslateContext, translator } from '#app/lib/i18n/words.ts';
import type { AreaName } from '#rules/i18n/areas.ts';
import type { Language } from '#rules/i18n/languages.ts';

/** `children` with the words the root would give them: the given areas in `language`. */
export function inLanguage(language: Language, areas: AreaName[], children: ReactNode) {
  return createElement(TranslateContext.Provider, { value: translator([wordsIn(language, ...areas)]) }, children);
}
