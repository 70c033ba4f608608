import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { AREAS, type AreaName } from './areas';
import type { MessageKey } from './keys';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

const speakers = new Map<string, I18n>();

/**
 * Words said outside a page (an email), in its reader's language: English for an account that chose none.
 * Servers only, since it holds every catalog.
 */
export function sayerIn(chosen: string | null, area: AreaName): (key: MessageKey, values?: Record<string, string | number>) => string {
  const language: Language = isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
  const name = `${area} ${language}`;
  let i18n = speakers.get(name);
  if (!i18n) {
    const { source, translations } = AREAS[area];
    const messages: Record<string, string> = language === 'en' ? source : translations[language].messages;
    const compiled = Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]));
    i18n = setupI18n({ locale: language, messages: { [language]: compiled } });
    speakers.set(name, i18n);
  }
  const speaker = i18n;
  return (key, values) => speaker._(key, values);
}
