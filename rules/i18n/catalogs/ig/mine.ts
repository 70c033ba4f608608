import type { Translation } from '../../catalog';
import type { mine as source } from '../en/mine';

/** Igbo: docs/languages.md has the glossary. */
export const mine: Translation<typeof source> = {
  messages: {
    'mine.browse': 'Lelee ụlọ ahịa',
    'saved.pageTitle': 'Ụlọ ahịa m chekwara · Kasuwa',
    'saved.heading': 'Ụlọ ahịa m chekwara',
    'saved.empty': 'Ị chekwabeghị ụlọ ahịa ọ bụla. Pịa obi dị n’ụlọ ahịa ka ọ nọrọ ebe a.',
    'myRatings.pageTitle': 'Ntụle m · Kasuwa',
    'myRatings.heading': 'Ntụle m',
    'myRatings.removed': 'E wepụla ntụle gị.',
    'myRatings.none': 'Ị tụlebeghị ụlọ ahịa ọ bụla. Mepee ụlọ ahịa ma pịa Tụlee ụlọ ahịa.',
    'myRatings.list': 'Ụlọ ahịa ị tụlere',
    'myRatings.hiddenNote': 'Onye nlekọta zoro nyocha a: ọ bụ naanị gị na-ahụ ya.',
    'myRatings.editLabel': 'Dezie ntụle gị nke {name}',
    'myRatings.edit': 'Dezie',
    'myRatings.removeLabel': 'Wepụ ntụle gị nke {name}',
    'myRatings.remove': 'Wepụ',
    'myRatings.more': 'Ntụle ndị ọzọ',
  },
  reviewed: [],
};
