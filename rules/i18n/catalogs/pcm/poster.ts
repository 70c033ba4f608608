import type { Translation } from '../../catalog';
import type { poster as source } from '../en/poster';

/** Nigerian Pidgin: docs/languages.md has the glossary. */
export const poster: Translation<typeof source> = {
  messages: {
    'poster.tools': 'Poster',
    'poster.back': 'Go back to My Shops',
    'poster.download': 'Download (SVG)',
    'poster.print': 'Print',
    'poster.printHint': 'Print this page from your browser menu (for phone: press Share, then Print).',
    'poster.kicker': 'Find us for Kasuwa',
    'poster.qr': 'QR code for {link}',
    'poster.hint': 'Scan the code or type the link make you see our goods and prices.',
    'poster.pageTitle': 'Poster for {name} · Kasuwa',
    'poster.pageTitleNoShop': 'Shop poster · Kasuwa',
  },
  reviewed: [],
};
