import type { Translation } from '../../catalog';
import type { simulator as source } from '../en/simulator';

/** Hausa: docs/languages.md has the glossary. */
export const simulator: Translation<typeof source> = {
  messages: {
    'simulator.checkoutTitle': 'Biyan kuɗi a gwajin Paystack',
    'simulator.payKasuwa': 'Biya Kasuwa',
    'simulator.noMoney': 'Gwajin biyan kuɗi: ba za a cire kuɗi daga kowane kati ba, kuma babu kuɗin da zai motsa.',
    'simulator.pay': 'Biya',
    'simulator.transfer': 'Tura kuɗi ta banki',
    'simulator.decline': 'Ƙi katin',
    'simulator.cancel': 'Soke',
    'simulator.transferTitle': 'Tura kuɗi a gwajin Paystack',
    'simulator.transferWaiting': 'Ana jiran tabbatar da tura kuɗin',
    'simulator.transferNote': 'Gwajin biyan kuɗi: danna “Tabbatar da tura kuɗi” a lokacin da banki zai tabbatar da shi.',
    'simulator.confirm': 'Tabbatar da tura kuɗi',
    'simulator.notFoundTitle': 'Ba a sami biyan kuɗin ba',
    'simulator.notFound': 'Wannan mahaɗin biyan kuɗi ba ya aiki.',
    'simulator.endedTitle': 'An riga an kammala biyan kuɗin',
    'simulator.ended': 'Wannan biyan kuɗin ya riga ya ƙare: {response}. Ba za a iya sake biya ba.',
    'simulator.chooseTitle': 'Zaɓi abin da za a yi',
    'simulator.choose': 'Da fatan za a zaɓi “Biya”, “Tura kuɗi ta banki”, “Ƙi katin” ko “Soke”.',
    'simulator.paid': 'An biya cikin nasara',
    'simulator.transferSent': 'An tura kuɗin',
    'simulator.declined': 'An ƙi katin',
    'simulator.cancelled': 'An soke biyan kuɗin',
    'simulator.transferConfirmed': 'An tabbatar da tura kuɗin',
    'simulator.close': 'Za ka iya rufe wannan shafin.',
  },
  reviewed: [],
};
