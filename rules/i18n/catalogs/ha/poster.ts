import type { Translation } from '../../catalog';
import type { poster as source } from '../en/poster';

/** Hausa: docs/languages.md has the glossary. */
export const poster: Translation<typeof source> = {
  messages: {
    'poster.tools': 'Fosta',
    'poster.back': 'Koma zuwa Shagunana',
    'poster.download': 'Sauke (SVG)',
    'poster.print': 'Buga',
    'poster.printHint': 'Buga wannan shafin daga zaɓuɓɓukan burauzarka (a waya: Raba, sannan Buga).',
    'poster.kicker': 'Ku same mu a Kasuwa',
    'poster.qr': 'Lambar QR ta {link}',
    'poster.hint': 'Ku yi sikanin lambar ko ku rubuta mahaɗin, ku ga kayayyakinmu da farashinsu.',
    'poster.pageTitle': 'Fostar {name} · Kasuwa',
    'poster.pageTitleNoShop': 'Fostar shago · Kasuwa',
  },
  reviewed: [],
};
