/** The five languages of docs/languages.md, English first: the one a missing choice falls back to. */
export const LANGUAGES = ['en', 'ha', 'yo', 'ig', 'pcm'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name, as its speakers look for it in a list. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ha: 'Hausa',
  yo: 'Yorùbá',
  ig: 'Igbo',
  pcm: 'Naijá (Pidgin)',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The `lang` of a page: each language as spoken in Nigeria. */
export const htmlLang = (language: Language) => `${language}-NG`;

/** A link to a page in one language names it in its address (`?lang=yo`), the one link search engines follow. */
export const LANGUAGE_PARAM = 'lang';
