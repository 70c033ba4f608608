import type { Translation } from '../../catalog';
import type { shops as source } from '../en/shops';

/** Yoruba: docs/languages.md has the glossary. */
export const shops: Translation<typeof source> = {
  messages: {
    'card.sponsored': 'Ìpolówó',
    'card.ad': 'Ìpolówó',
    'card.from': 'láti {price}',
    'card.rating': 'ìràwọ̀ {stars}, {count, plural, other {ìdíyelé #}}',
    'check.phone': 'A ti jẹ́rìísí fóònù',
    'check.stall': 'A ti ṣèbẹ̀wò sí ìsọ̀ ní {month}',
    'check.list': 'Àwọn àyẹ̀wò tí ṣọ́ọ̀bù yìí ti yege',
    'heart.save': 'Fi {shop} pamọ́',
    'heart.remove': 'Yọ {shop} kúrò nínú àwọn tí o fi pamọ́',
    'pager.label': 'Àwọn ojú-ìwé',
    'pager.previous': 'Ojú-ìwé tó ṣáájú',
    'pager.page': 'Ojú-ìwé {page}',
    'pager.moreShops': 'Àwọn ṣọ́ọ̀bù mìíràn',
    'state.all': 'Gbogbo Nàìjíríà',
    'verified.only': 'Àwọn olùtajà tí a ti jẹ́rìísí nìkan',
    'verified.none': 'Kò sí olùtajà tí a ti jẹ́rìísí níbí síbẹ̀.',
    'verified.showAll': 'Fi gbogbo ṣọ́ọ̀bù hàn',
    'check.bank': 'Orúkọ báńkì bá a mu',
    'check.bankDetail': 'Àkáǹtì rẹ̀ ní {bank} tí ó parí sí {last4} wà ní orúkọ {name}. Kí o tó fi owó ránṣẹ́, wò ó dájú pé báńkì rẹ fi orúkọ yìí hàn.',
  },
  reviewed: [],
};
