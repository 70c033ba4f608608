import type { Translation } from '../../catalog';
import type { reports as source } from '../en/reports';

/** Hausa: docs/languages.md has the glossary. */
export const reports: Translation<typeof source> = {
  messages: {
    'report.shopTitle': 'Kai rahoton {name}',
    'report.shopPageTitle': 'Kai rahoton {name} · Kasuwa',
    'report.sentTitle': 'An aika rahoto',
    'report.reviewTitle': 'Kai rahoton sharhi kan {name}',
    'report.reviewPageTitle': 'Kai rahoton sharhi kan {name} · Kasuwa',
    'report.reviewQuote': '{stars} ★ daga {author}: {text}',
    'report.answerTitle': 'Kai rahoton amsar {name} ga wani sharhi',
    'report.answerPageTitle': 'Kai rahoton amsar {name} ga wani sharhi · Kasuwa',
    'report.answerQuote': 'Amsa daga {shop}: {text}',
    'report.noText': '(babu rubutu)',
    'report.messageTitle': 'Kai rahoton saƙo daga {name}',
    'report.messagePageTitle': 'Kai rahoton saƙo daga {name} · Kasuwa',
    'report.backTo': 'Koma zuwa {name}',
    'report.backToConversation': 'Koma zuwa tattaunawa da {name}',
    'report.whatIsWrong': 'Mene ne matsalar?',
    'report.scam': 'Zamba ko damfara',
    'report.misleading': 'Bayanin ƙarya ko na yaudara',
    'report.prohibited': 'Kayan da aka haramta',
    'report.offensive': 'Abu mai cin mutunci',
    'report.other': 'Wani abu dabam',
    'report.details': 'Ƙara mana bayani (dole idan ka zaɓi “Wani abu dabam”)',
    'report.sending': 'Ana aikawa…',
    'report.send': 'Aika rahoto',
    'report.thanks': 'Mun gode. Masu sa idonmu za su duba rahotonka.',
  },
  reviewed: [],
};
