import type { Translation } from '../../catalog';
import type { reports as source } from '../en/reports';

/** Nigerian Pidgin: docs/languages.md has the glossary. */
export const reports: Translation<typeof source> = {
  messages: {
    'report.shopTitle': 'Report {name}',
    'report.shopPageTitle': 'Report {name} · Kasuwa',
    'report.sentTitle': 'Report don go',
    'report.reviewTitle': 'Report one review of {name}',
    'report.reviewPageTitle': 'Report one review of {name} · Kasuwa',
    'report.reviewQuote': '{stars} ★ from {author}: {text}',
    'report.answerTitle': 'Report the answer wey {name} give one review',
    'report.answerPageTitle': 'Report the answer wey {name} give one review · Kasuwa',
    'report.answerQuote': 'Answer from {shop}: {text}',
    'report.noText': '(nothing write)',
    'report.messageTitle': 'Report one message from {name}',
    'report.messagePageTitle': 'Report one message from {name} · Kasuwa',
    'report.backTo': 'Go back to {name}',
    'report.backToConversation': 'Go back to the chat with {name}',
    'report.whatIsWrong': 'Wetin no correct?',
    'report.scam': 'Scam or 419',
    'report.misleading': 'Information wey no correct or wey dey deceive people',
    'report.prohibited': 'Thing wey dem no allow sell',
    'report.offensive': 'Bad or insulting talk',
    'report.other': 'Another thing',
    'report.details': 'Tell us more (you must write am if you choose “Another thing”)',
    'report.sending': 'E dey send…',
    'report.send': 'Send report',
    'report.thanks': 'Thank you. Our moderators go look your report.',
  },
  reviewed: [],
};
