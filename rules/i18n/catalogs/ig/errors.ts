import type { Translation } from '../../catalog';
import type { errors as source } from '../en/errors';

/** Igbo: docs/languages.md has the glossary. */
export const errors: Translation<typeof source> = {
  messages: {
    'error.notFoundTitle': 'Ahụghị peeji ahụ · Kasuwa',
    'error.title': 'Njehie · Kasuwa',
    'error.notFound': 'Ahụghị peeji ahụ',
    'error.offline': 'Enweghị njikọ',
    'error.unavailable': 'Ọ dịghị ugbu a nwa oge',
    'error.refused': 'Enweghị ike ime nke ahụ',
    'error.unexpected': 'Njehie a na-atụghị anya mere.',
    'error.networkError': 'Nsogbu netwọk. Biko lelee njikọ gị.',
    'error.notFoundHelp': 'Anyị ahụghị peeji ahụ. O nwere ike ịbụ na ebugharịrị ya, ma ọ bụ na e dehiere njikọ ahụ.',
    'error.tryAgain': 'Nwaa ọzọ',
    'error.home': 'Gaa na peeji mbụ',
    'error.search': 'Chọọ ụlọ ahịa',
  },
  reviewed: [],
};
