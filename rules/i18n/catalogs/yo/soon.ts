import type { Translation } from '../../catalog';
import type { soon as source } from '../en/soon';

/** Yoruba: docs/languages.md has the glossary. */
export const soon: Translation<typeof source> = {
  messages: {
    'lily.back': '← Padà sí ojú-ìwé ilé',
    'lily.tagline': 'Olùrànlọ́wọ́ rẹ fún rírajà',
    'lily.log': 'Ìjíròrò pẹ̀lú Lily',
    'lily.greeting': 'Ẹ n lẹ́ o! Èmi ni Lily, olùrànlọ́wọ́ rẹ fún rírajà. Sọ ohun tí o ń wá fún mi, màá sì ràn ọ́ lọ́wọ́ láti rí i.',
    'lily.reply': 'O ṣé o! Mo ṣì ń kẹ́kọ̀ọ́, nítorí náà olùrànlọ́wọ́ náà ń bọ̀ láìpẹ́. Fún báyìí, o lè wá àwọn ṣọ́ọ̀bù láti ojú-ìwé ilé.',
    'lily.messageLabel': 'Ìfiránṣẹ́ sí Lily',
    'lily.placeholder': 'Béèrè lọ́wọ́ Lily',
    'lily.send': 'Fi ránṣẹ́',
    'lily.you': 'Ìwọ:',
    'lily.lily': 'Lily:',
    'lily.pageTitle': 'Lily, olùrànlọ́wọ́ rẹ fún rírajà · Kasuwa',
    'lily.description': 'Lily, olùrànlọ́wọ́ Kasuwa fún rírajà, ń bọ̀ láìpẹ́ láti ràn ọ́ lọ́wọ́ láti rí àwọn ṣọ́ọ̀bù àti ọjà nítòsí rẹ.',
    'adDetails.heading': 'Àlàyé ìpolówó',
    'adDetails.soon': 'Àlàyé ìpolówó ń bọ̀ láìpẹ́. Ní báyìí ná, o lè wo àwọn ṣọ́ọ̀bù rẹ, kí o sì ra ìpolówó fún wọn ní Ṣọ́ọ̀bù mi.',
    'adDetails.myShop': 'Lọ sí Ṣọ́ọ̀bù mi',
    'adDetails.pageTitle': 'Àlàyé ìpolówó · Kasuwa',
    'adDetails.description': 'Àlàyé nípa ìpolówó àwọn ṣọ́ọ̀bù Kasuwa rẹ ń bọ̀ láìpẹ́.',
  },
  reviewed: [],
};
