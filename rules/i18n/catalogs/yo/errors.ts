import type { Translation } from '../../catalog';
import type { errors as source } from '../en/errors';

/** Yoruba: docs/languages.md has the glossary. */
export const errors: Translation<typeof source> = {
  messages: {
    'error.notFoundTitle': 'A kò rí ojú-ìwé náà · Kasuwa',
    'error.title': 'Àṣìṣe · Kasuwa',
    'error.notFound': 'A kò rí ojú-ìwé náà',
    'error.offline': 'Kò sí ìsopọ̀ ayélujára',
    'error.unavailable': 'Kò sí fún ìgbà díẹ̀',
    'error.refused': 'A kò lè ṣe ìyẹn',
    'error.unexpected': 'Àṣìṣe àìròtẹ́lẹ̀ kan ṣẹlẹ̀.',
    'error.networkError': 'Àṣìṣe nẹ́tíwọ́ọ̀kì. Jọ̀wọ́ ṣàyẹ̀wò ìsopọ̀ rẹ.',
    'error.notFoundHelp': 'A kò rí ojú-ìwé yẹn. Ó lè ti yí ibi padà, tàbí kí àṣìṣe wà nínú ìjápọ̀ náà.',
    'error.tryAgain': 'Gbìyànjú lẹ́ẹ̀kan sí i',
    'error.home': 'Lọ sí ojú-ìwé àkọ́kọ́',
    'error.search': 'Wá àwọn ṣọ́ọ̀bù',
  },
  reviewed: [],
};
