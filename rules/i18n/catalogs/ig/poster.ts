import type { Translation } from '../../catalog';
import type { poster as source } from '../en/poster';

/** Igbo: docs/languages.md has the glossary. */
export const poster: Translation<typeof source> = {
  messages: {
    'poster.tools': 'Akwụkwọ mmado',
    'poster.back': 'Laghachi na Ụlọ ahịa m',
    'poster.download': 'Budata (SVG)',
    'poster.print': 'Bipụta',
    'poster.printHint': 'Bipụta peeji a site na nhọrọ ihe nchọgharị gị (na ekwentị: pịa Kesaa (Share), wee Bipụta (Print)).',
    'poster.kicker': 'Chọta anyị na Kasuwa',
    'poster.qr': 'Koodu QR maka {link}',
    'poster.hint': 'Nyochaa koodu a ma ọ bụ dee njikọ a ka ị hụ ngwaahịa anyị na ọnụahịa ha.',
    'poster.pageTitle': 'Akwụkwọ mmado maka {name} · Kasuwa',
    'poster.pageTitleNoShop': 'Akwụkwọ mmado ụlọ ahịa · Kasuwa',
  },
  reviewed: [],
};
