import type { Translation } from '../../catalog';
import type { shops as source } from '../en/shops';

/** Igbo: docs/languages.md has the glossary. */
export const shops: Translation<typeof source> = {
  messages: {
    'card.sponsored': 'Mgbasa ozi',
    'card.ad': 'Mgbasa ozi',
    'card.from': 'site na {price}',
    'card.rating': 'kpakpando {stars}, {count, plural, other {ntụle #}}',
    'check.phone': 'Ekwentị akwadoro',
    'check.stall': 'E letara ụlọ ahịa n’ahịa na {month}',
    'check.list': 'Nlele ndị ụlọ ahịa a gafere',
    'heart.save': 'Chekwaa {shop}',
    'heart.remove': 'Wepụ {shop} na ndị ị chekwara',
    'pager.label': 'Peeji',
    'pager.previous': 'Peeji gara aga',
    'pager.page': 'Peeji {page}',
    'pager.moreShops': 'Ụlọ ahịa ndị ọzọ',
    'state.all': 'Naịjirịa niile',
    'verified.only': 'Naanị ndị na-ere ahịa akwadoro',
    'verified.none': 'Enweghị ndị na-ere ahịa akwadoro ebe a ugbu a.',
    'verified.showAll': 'Gosi ụlọ ahịa niile',
    'check.bank': 'Aha ụlọ akụ kwekọrọ',
    'check.bankDetail': 'Akaụntụ ya na {bank} nke na-ejedebe na {last4} dị n’aha {name}. Tupu i zipu ego, lelee na ụlọ akụ gị gosiri aha a.',
  },
  reviewed: [],
};
