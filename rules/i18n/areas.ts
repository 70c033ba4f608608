import type { Translation } from './catalog';
import { catalogs as en } from './catalogs/en';
import { catalogs as ha } from './catalogs/ha';
import { catalogs as ig } from './catalogs/ig';
import { catalogs as pcm } from './catalogs/pcm';
import { catalogs as yo } from './catalogs/yo';
import type { Language } from './languages';

const OTHER_LANGUAGES = { ha, yo, ig, pcm } satisfies Record<Exclude<Language, 'en'>, unknown>;
type OtherLanguage = keyof typeof OTHER_LANGUAGES;
type Catalogs = typeof en;

/**
 * Every catalog, by the part of the site that shows it: a page takes only its own areas' words
 * (docs/languages.md). Servers only: a browser gets the compiled words of its page.
 */
export const AREAS = Object.fromEntries(
  Object.entries(en).map(([name, source]) => [
    name,
    { source, translations: Object.fromEntries(Object.entries(OTHER_LANGUAGES).map(([language, catalogs]) => [language, catalogs[name as AreaName]])) },
  ]),
) as { [A in AreaName]: { source: Catalogs[A]; translations: Record<OtherLanguage, Translation<Catalogs[A]>> } };

export type AreaName = keyof Catalogs;
