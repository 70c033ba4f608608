import type { Translation } from '../../catalog';
import type { shops as source } from '../en/shops';

/** Hausa: docs/languages.md has the glossary. */
export const shops: Translation<typeof source> = {
  messages: {
    'card.sponsored': 'Talla',
    'card.ad': 'Talla',
    'card.from': 'daga {price}',
    'card.rating': 'taurari {stars}, {count, plural, one {ƙimantawa #} other {ƙimantawa #}}',
    'check.phone': 'An tabbatar da lambar waya',
    'check.stall': 'An ziyarci rumfa a {month}',
    'check.list': 'Tantancewar da wannan shago ya ci',
    'heart.save': 'Ajiye {shop}',
    'heart.remove': 'Cire {shop} daga abubuwan da ka ajiye',
    'pager.label': 'Shafuka',
    'pager.previous': 'Shafin baya',
    'pager.page': 'Shafi na {page}',
    'pager.moreShops': 'Ƙarin shaguna',
    'state.all': 'Duk Najeriya',
    'verified.only': 'Masu sayarwa da aka tabbatar kaɗai',
    'verified.none': 'Babu masu sayarwa da aka tabbatar a nan tukuna.',
    'verified.showAll': 'Nuna duk shaguna',
    'check.bank': 'Sunan banki ya yi daidai',
    'check.bankDetail': 'Asusunsa a {bank} mai ƙarewa da {last4} yana da sunan {name}. Kafin ka tura kuɗi, ka duba cewa bankinka ya nuna wannan sunan.',
  },
  reviewed: [],
};
