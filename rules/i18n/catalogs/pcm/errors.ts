import type { Translation } from '../../catalog';
import type { errors as source } from '../en/errors';

/** Nigerian Pidgin: docs/languages.md has the glossary. */
export const errors: Translation<typeof source> = {
  messages: {
    'error.notFoundTitle': 'We no see the page · Kasuwa',
    'error.title': 'Wahala · Kasuwa',
    'error.notFound': 'We no see the page',
    'error.offline': 'Network no dey',
    'error.unavailable': 'E no dey work for now',
    'error.refused': 'We no fit do am',
    'error.unexpected': 'Something wey we no expect don happen.',
    'error.networkError': 'Network wahala. Abeg check your connection.',
    'error.notFoundHelp': 'We no see that page. Maybe dem don move am, or the link no correct.',
    'error.tryAgain': 'Try again',
    'error.home': 'Go back to home page',
    'error.search': 'Find shops',
  },
  reviewed: [],
};
