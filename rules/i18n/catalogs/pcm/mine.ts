import type { Translation } from '../../catalog';
import type { mine as source } from '../en/mine';

/** Nigerian Pidgin: docs/languages.md has the glossary. */
export const mine: Translation<typeof source> = {
  messages: {
    'mine.browse': 'Check shops',
    'saved.pageTitle': 'Shops wey I save · Kasuwa',
    'saved.heading': 'Shops wey I save',
    'saved.empty': 'You never save any shop yet. Tap the heart for any shop make e stay here.',
    'myRatings.pageTitle': 'My ratings · Kasuwa',
    'myRatings.heading': 'My ratings',
    'myRatings.removed': 'We don remove your rating.',
    'myRatings.none': 'You never rate any shop yet. Open one shop and press Rate Shop.',
    'myRatings.list': 'Shops wey you don rate',
    'myRatings.hiddenNote': 'Moderator don hide this review: na only you fit see am.',
    'myRatings.editLabel': 'Edit your rating for {name}',
    'myRatings.edit': 'Edit',
    'myRatings.removeLabel': 'Remove your rating for {name}',
    'myRatings.remove': 'Remove',
    'myRatings.more': 'More ratings',
  },
  reviewed: [],
};
