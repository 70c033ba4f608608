import type { Translation } from '../../catalog';
import type { browse as source } from '../en/browse';

/** Igbo: docs/languages.md has the glossary. */
export const browse: Translation<typeof source> = {
  messages: {
    'home.title': 'Kasuwa · Ụlọ ahịa dị gị nso',
    'home.titlePage': 'Ụlọ ahịa dị gị nso, peeji {page} · Kasuwa',
    'home.description': 'Lelee ma chọọ ụlọ ahịa obodo n’ofe Naịjirịa: nri, uwe, ekwentị, ihe ịchọ mma na ndị ọzọ.',
    'home.findShop': 'Chọta ụlọ ahịa',
    'home.categories': 'Ụdị',
    'home.moreCategories': 'Ụdị ndị ọzọ ({count})',
    'home.shopsIn': 'Ụlọ ahịa na',
    'home.show': 'Gosi',
    'home.forYou': 'Maka gị',
    'home.shopsForYou': 'Ụlọ ahịa maka gị',
    'home.empty': 'Enweghị ụlọ ahịa ugbu a. Lọghachi ma emechaa!',
    'home.noShopsInState': 'Enwebeghị ụlọ ahịa na {state}. Nwaa Naịjirịa niile.',
    'home.accountDeleted': 'E hichapụla akaụntụ gị. Daalụ maka iji Kasuwa.',
    'welcome.title': 'Nnọọ na Kasuwa, {username}!',
    'welcome.text':
      'Ị banyela. Ị na-azụ ahịa? Lelee ụlọ ahịa ndị dị n’okpuru ma pịa obi iji chekwaa ndị ị hụrụ n’anya. Ị na-ere ahịa? Tinye ụlọ ahịa gị n’ahịa.',
    'welcome.browse': 'Lelee ụlọ ahịa',
    'welcome.createShop': 'Mepee ụlọ ahịa gị',
    'results.title': '{what} · Ọchụchọ · Kasuwa',
    'results.titleAll': 'Chọọ ụlọ ahịa · Kasuwa',
    'results.description': 'Chọọ ụlọ ahịa obodo n’ofe Naịjirịa site n’aha, ngwaahịa, ụdị ma ọ bụ ebe.',
    'results.breadcrumb': 'Ụzọ',
    'results.for': 'Nsonaazụ maka “{q}”',
    'results.allShops': 'Ụlọ ahịa niile',
    'results.placeholder': 'Ụlọ ahịa, ngwaahịa, ebe',
    'results.filters': '{count, plural, =0 {Nzacha} other {Nzacha (#)}}',
    'results.category': 'Ụdị',
    'results.allCategories': 'Ụdị niile',
    'results.state': 'Steeti',
    'results.sortBy': 'Hazie site na',
    'results.newest': 'Nke kachasị ọhụrụ',
    'results.bestRated': 'Ntụle kachasị mma',
    'results.none': 'Ọ dịghị ụlọ ahịa dabara na ọchụchọ gị. Nwaa okwu ọzọ ma ọ bụ ụdị ọzọ.',
    'results.label': 'Nsonaazụ ọchụchọ',
    'results.products': 'Ngwaahịa',
  },
  reviewed: [],
};
