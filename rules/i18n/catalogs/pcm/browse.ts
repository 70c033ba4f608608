import type { Translation } from '../../catalog';
import type { browse as source } from '../en/browse';

/** Nigerian Pidgin: docs/languages.md has the glossary. */
export const browse: Translation<typeof source> = {
  messages: {
    'home.title': 'Kasuwa · Shops wey dey near you',
    'home.titlePage': 'Shops wey dey near you, page {page} · Kasuwa',
    'home.description': 'Check and find local shops for everywhere for Naija: food, cloth, phone, beauty and plenty more.',
    'home.findShop': 'Find shop',
    'home.categories': 'Categories',
    'home.moreCategories': 'More categories ({count})',
    'home.shopsIn': 'Shops for',
    'home.show': 'Show am',
    'home.forYou': 'For You',
    'home.shopsForYou': 'Shops for you',
    'home.empty': 'No shop dey now. Come back later!',
    'home.noShopsInState': 'No shop dey {state} yet. Try the whole Naija.',
    'home.accountDeleted': 'We don delete your account. Thank you say you use Kasuwa.',
    'welcome.title': 'Welcome to Kasuwa, {username}!',
    'welcome.text':
      'You don enter. You wan buy? Check the shops wey dey down so, tap heart to keep the ones wey you like. You wan sell? Put your shop for market.',
    'welcome.browse': 'Check shops',
    'welcome.createShop': 'Open your shop',
    'results.title': '{what} · Search · Kasuwa',
    'results.titleAll': 'Find shops · Kasuwa',
    'results.description': 'Find local shops for everywhere for Naija by name, goods, category or place.',
    'results.breadcrumb': 'Where you dey',
    'results.for': 'Wetin we see for “{q}”',
    'results.allShops': 'All shops',
    'results.placeholder': 'Shops, goods, places',
    'results.filters': '{count, plural, =0 {Filters} other {Filters (#)}}',
    'results.category': 'Category',
    'results.allCategories': 'All categories',
    'results.state': 'State',
    'results.sortBy': 'Arrange by',
    'results.newest': 'Newest',
    'results.bestRated': 'Best rating',
    'results.none': 'No shop match wetin you search. Try another word or category.',
    'results.label': 'Search results',
    'results.products': 'Goods',
  },
  reviewed: [],
};
