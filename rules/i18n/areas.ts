import type { Source, Translation } from './catalog';
import { catalogs as en } from './catalogs/en';
import { catalogs as ha } from './catalogs/ha';
import { catalogs as ig } from './catalogs/ig';
import { catalogs as pcm } from './catalogs/pcm';
import { catalogs as yo } from './catalogs/yo';
import type { Language } from './languages';

/**
 * Every catalog, by the part of the site that shows it: a page takes only its own areas' words
 * (docs/languages.md). Servers only: a browser gets the compiled words of its page.
 */
export const AREAS = {
  common: { source: en.common, translations: { ha: ha.common, yo: yo.common, ig: ig.common, pcm: pcm.common } },
  errors: { source: en.errors, translations: { ha: ha.errors, yo: yo.errors, ig: ig.errors, pcm: pcm.errors } },
  browse: { source: en.browse, translations: { ha: ha.browse, yo: yo.browse, ig: ig.browse, pcm: pcm.browse } },
  shops: { source: en.shops, translations: { ha: ha.shops, yo: yo.shops, ig: ig.shops, pcm: pcm.shops } },
  shop: { source: en.shop, translations: { ha: ha.shop, yo: yo.shop, ig: ig.shop, pcm: pcm.shop } },
  forms: { source: en.forms, translations: { ha: ha.forms, yo: yo.forms, ig: ig.forms, pcm: pcm.forms } },
  account: { source: en.account, translations: { ha: ha.account, yo: yo.account, ig: ig.account, pcm: pcm.account } },
  owner: { source: en.owner, translations: { ha: ha.owner, yo: yo.owner, ig: ig.owner, pcm: pcm.owner } },
  settings: { source: en.settings, translations: { ha: ha.settings, yo: yo.settings, ig: ig.settings, pcm: pcm.settings } },
  mine: { source: en.mine, translations: { ha: ha.mine, yo: yo.mine, ig: ig.mine, pcm: pcm.mine } },
  messages: { source: en.messages, translations: { ha: ha.messages, yo: yo.messages, ig: ig.messages, pcm: pcm.messages } },
  mail: { source: en.mail, translations: { ha: ha.mail, yo: yo.mail, ig: ig.mail, pcm: pcm.mail } },
  reports: { source: en.reports, translations: { ha: ha.reports, yo: yo.reports, ig: ig.reports, pcm: pcm.reports } },
} satisfies Record<string, { source: Source; translations: Record<Exclude<Language, 'en'>, Translation<Source>> }>;

export type AreaName = keyof typeof AREAS;
