import type { Translation } from '../../catalog';
import type { mail as source } from '../en/mail';

/** Yoruba: docs/languages.md has the glossary. */
export const mail: Translation<typeof source> = {
  messages: {
    'mail.hello': 'Ẹ n lẹ́ o, {name},',
    'mail.signature': '— Kasuwa',
    'mailReset.subject': 'Tún ọ̀rọ̀ aṣínà Kasuwa rẹ ṣe',
    'mailReset.asked': 'Ẹnìkan béèrè láti tún ọ̀rọ̀ aṣínà àkáǹtì Kasuwa rẹ ṣe. Tí ó bá jẹ́ ìwọ, ṣí ìjápọ̀ yìí láàrin wákàtí kan:',
    'mailReset.link': 'Tún ọ̀rọ̀ aṣínà mi ṣe',
    'mailReset.notYou': 'Tí kì í bá ṣe ìwọ, fi ímeèlì yìí sílẹ̀: ọ̀rọ̀ aṣínà rẹ kò ní yí padà.',
    'mailAlert.subjectShop': 'Ìfiránṣẹ́ tuntun fún {shop} lórí Kasuwa',
    'mailAlert.subjectBuyer': '{shop} ti fèsì sí ọ lórí Kasuwa',
    'mailAlert.wrote': '{from} kọ̀wé pé: “{excerpt}”',
    'mailAlert.sent': '{from} fi ìfiránṣẹ́ kan ránṣẹ́ sí ọ.',
    'mailAlert.read': 'Kà á, kí o sì fèsì:',
    'mailAlert.readLink': 'Kà á, kí o sì fèsì',
    'mailAlert.caution': 'Fèsì nípasẹ̀ Kasuwa nìkan. Má ṣe sanwó láéláé kí o tó rí ọjà náà.',
    'mailRenewal.subjectEnds': 'Ìpolówó {shop} yóò parí ní {day}',
    'mailRenewal.subjectEnded': 'Ìpolówó {shop} ti parí',
    'mailRenewal.ends': 'Ìpolówó ṣọ́ọ̀bù rẹ {shop} yóò parí ní {when}.',
    'mailRenewal.ended': 'Ìpolówó ṣọ́ọ̀bù rẹ {shop} parí ní {when}.',
    'mailRenewal.renewFor': 'Tẹ ẹ̀ẹ̀kan ṣoṣo láti sọ ọ́ di tuntun fún {price}:',
    'mailRenewal.link': 'Sọ ọ́ di tuntun fún {price}',
    'mailRenewal.noDayLost': 'Oṣù tí o bá rà báyìí yóò bẹ̀rẹ̀ nígbà tí èyí bá parí, nítorí náà o kò ní pàdánù ọjọ́ kankan.',
    'mailRenewal.startsNow': 'Oṣù tí o bá rà báyìí yóò bẹ̀rẹ̀ lẹ́sẹ̀kẹsẹ̀.',
    'mailHidden.subject': 'A ti fi {shop} pamọ́ lórí Kasuwa',
    'mailHidden.hidden':
      'A ti fi ṣọ́ọ̀bù rẹ {shop} pamọ́ kúrò lójú àwọn àlejò: oníbàárà méjì tí a ti jẹ́rìísí fóònù wọn fi ẹjọ́ rẹ̀ sùn pé jìbìtì ni. Alábòójútó kan yóò yẹ̀ ẹ́ wò láìpẹ́, yóò sì tún fi hàn tí ẹjọ́ náà kò bá jóòótọ́.',
    'mailHidden.reply': 'Tí o bá rò pé èyí kò tọ́, fèsì sí ímeèlì yìí kí o sọ ìdí: èsì rẹ yóò dé ọ̀dọ̀ àwọn alábòójútó Kasuwa.',
    'mailHidden.link': 'Ṣí Àwọn Ṣọ́ọ̀bù Mi',
    'smsAlert.text': 'Kasuwa: ìfiránṣẹ́ tuntun fún {shop} láti ọ̀dọ̀ oníbàárà. Kà á kí o sì fèsì: {link}',
  },
  reviewed: [],
};
