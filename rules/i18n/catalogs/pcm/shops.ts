import type { Translation } from '../../catalog';
import type { shops as source } from '../en/shops';

/** Nigerian Pidgin: docs/languages.md has the glossary. */
export const shops: Translation<typeof source> = {
  messages: {
    'card.sponsored': 'Sponsored',
    'card.ad': 'Ad',
    'card.from': 'from {price}',
    'card.rating': '{stars} stars, {count, plural, one {# rating} other {# ratings}}',
    'check.phone': 'Dem don confirm the phone',
    'check.stall': 'Dem visit the stall for {month}',
    'check.list': 'Checks wey this shop don pass',
    'heart.save': 'Keep {shop}',
    'heart.remove': 'Comot {shop} from the ones wey you keep',
    'pager.label': 'Pages',
    'pager.previous': 'Page wey pass',
    'pager.page': 'Page {page}',
    'pager.moreShops': 'More shops',
    'state.all': 'The whole Naija',
    'verified.only': 'Na only sellers wey dem don confirm',
    'verified.none': 'No seller wey dem don confirm dey here yet.',
    'verified.showAll': 'Show all the shops',
    'check.bank': 'Bank name match',
    'check.bankDetail': 'Im account for {bank} wey end with {last4} dey for the name {name}. Before you send money, check say your bank show this name.',
  },
  reviewed: [],
};
