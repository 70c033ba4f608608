import type { Translation } from '../../catalog';
import type { errors as source } from '../en/errors';

/** Hausa: docs/languages.md has the glossary. */
export const errors: Translation<typeof source> = {
  messages: {
    'error.notFoundTitle': 'Ba a sami shafin ba · Kasuwa',
    'error.title': 'Kuskure · Kasuwa',
    'error.notFound': 'Ba a sami shafin ba',
    'error.offline': 'Babu haɗin intanet',
    'error.unavailable': 'Babu shi na ɗan lokaci',
    'error.refused': 'Ba a iya yin hakan ba',
    'error.unexpected': 'Wani kuskure da ba a zata ba ya faru.',
    'error.networkError': 'Matsalar hanyar sadarwa. Da fatan za a duba haɗin intanet ɗinka.',
    'error.notFoundHelp': 'Ba mu sami wannan shafin ba. Wataƙila an motsa shi, ko an yi kuskure a rubuta adireshin.',
    'error.tryAgain': 'Sake gwadawa',
    'error.home': 'Je zuwa shafin farko',
    'error.search': 'Nemi shaguna',
  },
  reviewed: [],
};
