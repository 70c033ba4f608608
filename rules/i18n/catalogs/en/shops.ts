/** The parts of every list of shops: cards, hearts, pages and the state picker. */
export const shops = {
  'card.sponsored': 'Sponsored',
  'card.ad': 'Ad',
  'card.from': 'from {price}',
  'card.rating': '{stars} stars, {count, plural, one {# rating} other {# ratings}}',
  'check.phone': 'Phone verified',
  'check.list': 'Checks this shop passed',
  'heart.save': 'Save {shop}',
  'heart.remove': 'Remove {shop} from saved',
  'pager.label': 'Pages',
  'pager.previous': 'Previous page',
  'pager.page': 'Page {page}',
  'pager.moreShops': 'More shops',
  'state.all': 'All of Nigeria',
  'verified.only': 'Verified sellers only',
  'verified.none': 'No verified sellers here yet.',
  'verified.showAll': 'Show every shop',
} as const;
