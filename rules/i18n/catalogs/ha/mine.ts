import type { Translation } from '../../catalog';
import type { mine as source } from '../en/mine';

/** Hausa: docs/languages.md has the glossary. */
export const mine: Translation<typeof source> = {
  messages: {
    'mine.browse': 'Duba shaguna',
    'saved.pageTitle': 'Shagunan da na ajiye · Kasuwa',
    'saved.heading': 'Shagunan da na ajiye',
    'saved.empty': 'Ba ka ajiye wani shago ba tukuna. Taɓa alamar zuciya a kan shago don ajiye shi a nan.',
    'myRatings.pageTitle': 'Ƙimantawata · Kasuwa',
    'myRatings.heading': 'Ƙimantawata',
    'myRatings.removed': 'An cire ƙimantawarka.',
    'myRatings.none': 'Ba ka ƙimanta wani shago ba tukuna. Buɗe shago ka danna “Ƙimanta shago”.',
    'myRatings.list': 'Shagunan da ka ƙimanta',
    'myRatings.hiddenNote': 'Mai sa ido ya ɓoye wannan sharhi: kai kaɗai ne kake iya ganinsa.',
    'myRatings.editLabel': 'Gyara ƙimantawar da ka yi wa {name}',
    'myRatings.edit': 'Gyara',
    'myRatings.removeLabel': 'Cire ƙimantawar da ka yi wa {name}',
    'myRatings.remove': 'Cire',
    'myRatings.more': 'Ƙarin ƙimantawa',
  },
  reviewed: [],
};
