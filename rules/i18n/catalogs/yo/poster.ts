import type { Translation } from '../../catalog';
import type { poster as source } from '../en/poster';

/** Yoruba: docs/languages.md has the glossary. */
export const poster: Translation<typeof source> = {
  messages: {
    'poster.tools': 'Pósítà',
    'poster.back': 'Padà sí Ṣọ́ọ̀bù mi',
    'poster.download': 'Ṣe ìgbàsílẹ̀ (SVG)',
    'poster.print': 'Tẹ̀ ẹ́ jáde',
    'poster.printHint': 'Tẹ ojú-ìwé yìí jáde láti inú àtòjọ aṣàwákiri rẹ (lórí fóònù: Pín, lẹ́yìn náà Tẹ̀ jáde).',
    'poster.kicker': 'Ẹ bá wa lórí Kasuwa',
    'poster.qr': 'Kóòdù QR fún {link}',
    'poster.hint': 'Ẹ fi fóònù ya kóòdù yìí, tàbí kí ẹ tẹ ìjápọ̀ náà, láti rí àwọn ọjà àti iye owó wa.',
    'poster.pageTitle': 'Pósítà fún {name} · Kasuwa',
    'poster.pageTitleNoShop': 'Pósítà ṣọ́ọ̀bù · Kasuwa',
  },
  reviewed: [],
};
