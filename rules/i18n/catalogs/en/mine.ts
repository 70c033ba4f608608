import { MSG } from '#rules/messages.ts';

/** A person's own lists: saved shops and the ratings they gave. */
export const mine = {
  'mine.browse': 'Browse shops',
  'saved.pageTitle': 'Saved shops · Kasuwa',
  'saved.heading': 'Saved shops',
  'saved.empty': MSG.savedEmpty,
  'myRatings.pageTitle': 'My ratings · Kasuwa',
  'myRatings.heading': 'My ratings',
  'myRatings.removed': MSG.ratingRemoved,
  'myRatings.none': 'You have not rated any shop yet. Open a shop and press Rate Shop.',
  'myRatings.list': 'Shops you rated',
  'myRatings.hiddenNote': MSG.hiddenRatingNote,
  'myRatings.editLabel': 'Edit your rating of {name}',
  'myRatings.edit': 'Edit',
  'myRatings.removeLabel': 'Remove your rating of {name}',
  'myRatings.remove': 'Remove',
  'myRatings.more': 'More ratings',
} as const;
