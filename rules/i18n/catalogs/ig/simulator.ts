import type { Translation } from '../../catalog';
import type { simulator as source } from '../en/simulator';

/** Igbo: docs/languages.md has the glossary. */
export const simulator: Translation<typeof source> = {
  messages: {
    'simulator.checkoutTitle': 'Ịkwụ ụgwọ nnwale nke Paystack',
    'simulator.payKasuwa': 'Kwụọ Kasuwa ụgwọ',
    'simulator.noMoney': 'Nnwale ịkwụ ụgwọ: a naghị ewepụ ego na kaadị ọ bụla, ego ọ bụla anaghịkwa apụ ebe ọ bụla.',
    'simulator.pay': 'Kwụọ ụgwọ',
    'simulator.transfer': 'Kwụọ site na nnyefe ego bankị',
    'simulator.decline': 'Jụ kaadị',
    'simulator.cancel': 'Kagbuo',
    'simulator.transferTitle': 'Nnyefe ego nnwale nke Paystack',
    'simulator.transferWaiting': 'Nnyefe ego na-eche nkwado',
    'simulator.transferNote': 'Nnwale ịkwụ ụgwọ: pịa Kwado nnyefe ego mgbe bankị gaara akwado ya.',
    'simulator.confirm': 'Kwado nnyefe ego',
    'simulator.notFoundTitle': 'Ahụghị ịkwụ ụgwọ ahụ',
    'simulator.notFound': 'Njikọ ịkwụ ụgwọ a adịghị mma.',
    'simulator.endedTitle': 'E mezuola ịkwụ ụgwọ a',
    'simulator.ended': 'Ịkwụ ụgwọ a agwụla: {response}. Enweghị ike ịkwụ ya ọzọ.',
    'simulator.chooseTitle': 'Họrọ ihe ị ga-eme',
    'simulator.choose': 'Biko họrọ Kwụọ ụgwọ, Kwụọ site na nnyefe ego bankị, Jụ kaadị ma ọ bụ Kagbuo.',
    'simulator.paid': 'Ịkwụ ụgwọ gara nke ọma',
    'simulator.transferSent': 'E zipụla nnyefe ego ahụ',
    'simulator.declined': 'A jụrụ kaadị ahụ',
    'simulator.cancelled': 'A kagburu ịkwụ ụgwọ ahụ',
    'simulator.transferConfirmed': 'E kwadoro nnyefe ego ahụ',
    'simulator.close': 'Ị nwere ike imechi peeji a.',
  },
  reviewed: [],
};
