import type { Translation } from '../../catalog';
import type { simulator as source } from '../en/simulator';

/** Yoruba: docs/languages.md has the glossary. */
export const simulator: Translation<typeof source> = {
  messages: {
    'simulator.checkoutTitle': 'Ìsanwó Paystack (àfarawé)',
    'simulator.payKasuwa': 'Sanwó fún Kasuwa',
    'simulator.noMoney': 'Àfarawé ìsanwó ni èyí: a kò gba owó lórí káàdì kankan, owó kankan kò sì lọ níbìkan.',
    'simulator.pay': 'Sanwó',
    'simulator.transfer': 'Fi owó ránṣẹ́ láti báńkì',
    'simulator.decline': 'Kọ̀ káàdì',
    'simulator.cancel': 'Fagilé',
    'simulator.transferTitle': 'Fífi owó ránṣẹ́ láti báńkì lórí Paystack (àfarawé)',
    'simulator.transferWaiting': 'Owó tí a fi ránṣẹ́ ń dúró de ìjẹ́rìísí',
    'simulator.transferNote': 'Àfarawé ìsanwó ni èyí: tẹ “Jẹ́rìísí owó tí a fi ránṣẹ́” ní àkókò tí báńkì ìbá ti jẹ́rìísí rẹ̀.',
    'simulator.confirm': 'Jẹ́rìísí owó tí a fi ránṣẹ́',
    'simulator.notFoundTitle': 'A kò rí ìsanwó náà',
    'simulator.notFound': 'Ìjápọ̀ ìsanwó yìí kò tọ̀nà.',
    'simulator.endedTitle': 'Ìsanwó ti parí tẹ́lẹ̀',
    'simulator.ended': 'Ìsanwó yìí ti parí tẹ́lẹ̀: {response}. A kò lè san án lẹ́ẹ̀kan sí i.',
    'simulator.chooseTitle': 'Yan ohun tí o fẹ́ ṣe',
    'simulator.choose': 'Jọ̀wọ́ yan “Sanwó”, “Fi owó ránṣẹ́ láti báńkì”, “Kọ̀ káàdì” tàbí “Fagilé”.',
    'simulator.paid': 'Ìsanwó ti yọrí',
    'simulator.transferSent': 'A ti fi owó ránṣẹ́',
    'simulator.declined': 'Wọ́n kọ̀ káàdì náà',
    'simulator.cancelled': 'A ti fagilé ìsanwó náà',
    'simulator.transferConfirmed': 'A ti jẹ́rìísí owó tí a fi ránṣẹ́',
    'simulator.close': 'O lè pa ojú-ìwé yìí dé.',
  },
  reviewed: [],
};
