import type { Translation } from '../../catalog';
import type { reports as source } from '../en/reports';

/** Igbo: docs/languages.md has the glossary. */
export const reports: Translation<typeof source> = {
  messages: {
    'report.shopTitle': 'Kọọ akụkọ banyere {name}',
    'report.shopPageTitle': 'Kọọ akụkọ banyere {name} · Kasuwa',
    'report.sentTitle': 'E zigala akụkọ ahụ',
    'report.reviewTitle': 'Kọọ akụkọ banyere nyocha e dere maka {name}',
    'report.reviewPageTitle': 'Kọọ akụkọ banyere nyocha e dere maka {name} · Kasuwa',
    'report.reviewQuote': '{stars} ★ site n’aka {author}: {text}',
    'report.answerTitle': 'Kọọ akụkọ banyere azịza {name} nyere otu nyocha',
    'report.answerPageTitle': 'Kọọ akụkọ banyere azịza {name} nyere otu nyocha · Kasuwa',
    'report.answerQuote': 'Azịza sitere n’aka {shop}: {text}',
    'report.noText': '(enweghị ederede)',
    'report.messageTitle': 'Kọọ akụkọ banyere ozi {name} zitere',
    'report.messagePageTitle': 'Kọọ akụkọ banyere ozi {name} zitere · Kasuwa',
    'report.backTo': 'Laghachi na {name}',
    'report.backToConversation': 'Laghachi na mkparịta ụka gị na {name}',
    'report.whatIsWrong': 'Gịnị na-adịghị mma?',
    'report.scam': 'Wayo ma ọ bụ aghụghọ',
    'report.misleading': 'Ihe ọmụma ezighi ezi ma ọ bụ nke na-eduhie mmadụ',
    'report.prohibited': 'Ihe a machibidoro iwu',
    'report.offensive': 'Ihe na-akparị mmadụ',
    'report.other': 'Ihe ọzọ',
    'report.details': 'Gwa anyị ihe ndị ọzọ (ọ dị mkpa maka “Ihe ọzọ”)',
    'report.sending': 'Na-ezipu…',
    'report.send': 'Zipu akụkọ',
    'report.thanks': 'Daalụ. Ndị nlekọta anyị ga-elele akụkọ gị.',
  },
  reviewed: [],
};
