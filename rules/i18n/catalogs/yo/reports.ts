import type { Translation } from '../../catalog';
import type { reports as source } from '../en/reports';

/** Yoruba: docs/languages.md has the glossary. */
export const reports: Translation<typeof source> = {
  messages: {
    'report.shopTitle': 'Fi ẹjọ́ {name} sùn',
    'report.shopPageTitle': 'Fi ẹjọ́ {name} sùn · Kasuwa',
    'report.sentTitle': 'A ti fi ẹjọ́ náà ránṣẹ́',
    'report.reviewTitle': 'Fi ẹjọ́ àtúnyẹ̀wò kan nípa {name} sùn',
    'report.reviewPageTitle': 'Fi ẹjọ́ àtúnyẹ̀wò kan nípa {name} sùn · Kasuwa',
    'report.reviewQuote': '{stars} ★ láti ọwọ́ {author}: {text}',
    'report.answerTitle': 'Fi ẹjọ́ èsì {name} sí àtúnyẹ̀wò kan sùn',
    'report.answerPageTitle': 'Fi ẹjọ́ èsì {name} sí àtúnyẹ̀wò kan sùn · Kasuwa',
    'report.answerQuote': 'Èsì láti ọ̀dọ̀ {shop}: {text}',
    'report.noText': '(kò sí ọ̀rọ̀)',
    'report.messageTitle': 'Fi ẹjọ́ ìfiránṣẹ́ kan láti ọ̀dọ̀ {name} sùn',
    'report.messagePageTitle': 'Fi ẹjọ́ ìfiránṣẹ́ kan láti ọ̀dọ̀ {name} sùn · Kasuwa',
    'report.backTo': 'Padà sí {name}',
    'report.backToConversation': 'Padà sí ìjíròrò pẹ̀lú {name}',
    'report.whatIsWrong': 'Kí ni kò tọ̀nà?',
    'report.scam': 'Jìbìtì tàbí ẹ̀tàn',
    'report.misleading': 'Àlàyé tí kò tọ̀nà tàbí tí ó ń ṣini lọ́nà',
    'report.prohibited': 'Ọjà tí a kà léèwọ̀',
    'report.offensive': 'Ohun tí kò bójú mu tàbí èébú',
    'report.other': 'Òmíràn',
    'report.details': 'Túbọ̀ ṣàlàyé fún wa (ó pọn dandan fún “Òmíràn”)',
    'report.sending': 'À ń fi ránṣẹ́…',
    'report.send': 'Fi ẹjọ́ ránṣẹ́',
    'report.thanks': 'A dúpẹ́. Àwọn alábòójútó wa yóò wo ẹjọ́ tí o fi sùn.',
  },
  reviewed: [],
};
