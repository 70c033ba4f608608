import { NETWORK_ERROR, UNEXPECTED } from '#rules/error-page-messages.ts';

/** The error page's words: a page that failed before its loaders ran shows these in English (app/root.tsx). */
export const errors = {
  'error.notFoundTitle': 'Page not found · Kasuwa',
  'error.title': 'Error · Kasuwa',
  'error.notFound': 'Page not found',
  'error.offline': 'No connection',
  'error.unavailable': 'Temporarily unavailable',
  'error.refused': 'That could not be done',
  'error.unexpected': UNEXPECTED,
  'error.networkError': NETWORK_ERROR,
  'error.notFoundHelp': 'We could not find that page. It may have moved, or the link may be mistyped.',
  'error.tryAgain': 'Try again',
  'error.home': 'Go to the home page',
  'error.search': 'Search for shops',
} as const;
