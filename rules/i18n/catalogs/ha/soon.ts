import type { Translation } from '../../catalog';
import type { soon as source } from '../en/soon';

/** Hausa: docs/languages.md has the glossary. */
export const soon: Translation<typeof source> = {
  messages: {
    'lily.back': '← Koma shafin gida',
    'lily.tagline': 'Mai taimaka maka wajen sayayya',
    'lily.log': 'Tattaunawa da Lily',
    'lily.greeting': 'Sannu! Ni ce Lily, mai taimaka maka wajen sayayya. Faɗa mini abin da kake nema, zan taimaka maka ka same shi.',
    'lily.reply': 'Na gode! Har yanzu ina koyo, don haka mai taimakon yana nan tafe. A yanzu, za ka iya neman shaguna daga shafin gida.',
    'lily.messageLabel': 'Saƙo zuwa ga Lily',
    'lily.placeholder': 'Tambayi Lily',
    'lily.send': 'Aika',
    'lily.you': 'Kai:',
    'lily.lily': 'Lily:',
    'lily.pageTitle': 'Lily, mai taimaka maka wajen sayayya · Kasuwa',
    'lily.description': 'Lily, mai taimakon sayayya na Kasuwa, tana nan tafe don taimaka maka ka sami shaguna da kayayyaki kusa da kai.',
    'adDetails.heading': 'Bayanan talla',
    'adDetails.soon': 'Bayanan talla suna nan tafe. Kafin nan, za ka iya ganin shagunanka ka sayi talla dominsu a Shagona.',
    'adDetails.myShop': 'Je zuwa Shagona',
    'adDetails.pageTitle': 'Bayanan talla · Kasuwa',
    'adDetails.description': 'Bayanan tallace-tallacen shagonka na Kasuwa suna nan tafe.',
  },
  reviewed: [],
};
