import type { Translation } from '../../catalog';
import type { mine as source } from '../en/mine';

/** Yoruba: docs/languages.md has the glossary. */
export const mine: Translation<typeof source> = {
  messages: {
    'mine.browse': 'Wo àwọn ṣọ́ọ̀bù',
    'saved.pageTitle': 'Àwọn ṣọ́ọ̀bù tí mo fipamọ́ · Kasuwa',
    'saved.heading': 'Àwọn ṣọ́ọ̀bù tí mo fipamọ́',
    'saved.empty': 'O kò tíì fi ṣọ́ọ̀bù kankan pamọ́. Tẹ ọkàn lórí ṣọ́ọ̀bù kan láti fi í pamọ́ síbí.',
    'myRatings.pageTitle': 'Ìdíyelé mi · Kasuwa',
    'myRatings.heading': 'Ìdíyelé mi',
    'myRatings.removed': 'A ti yọ ìdíyelé rẹ kúrò.',
    'myRatings.none': 'O kò tíì fún ṣọ́ọ̀bù kankan ní ìdíyelé. Ṣí ṣọ́ọ̀bù kan, kí o sì tẹ “Fún ṣọ́ọ̀bù ní ìdíyelé”.',
    'myRatings.list': 'Àwọn ṣọ́ọ̀bù tí o ti fún ní ìdíyelé',
    'myRatings.hiddenNote': 'Alábòójútó kan ti fi àtúnyẹ̀wò yìí pamọ́: ìwọ nìkan ló lè rí i.',
    'myRatings.editLabel': 'Ṣàtúnṣe ìdíyelé tí o fún {name}',
    'myRatings.edit': 'Ṣàtúnṣe',
    'myRatings.removeLabel': 'Yọ ìdíyelé tí o fún {name} kúrò',
    'myRatings.remove': 'Yọ kúrò',
    'myRatings.more': 'Àwọn ìdíyelé mìíràn',
  },
  reviewed: [],
};
