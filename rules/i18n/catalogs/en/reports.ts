import { MSG } from '#rules/messages.ts';
import { REPORT_REASON_LABELS } from '#rules/moderation.ts';

/** Reporting a shop, a review or a message to Kasuwa's moderators. */
export const reports = {
  'report.shopTitle': 'Report {name}',
  'report.shopPageTitle': 'Report {name} · Kasuwa',
  'report.sentTitle': 'Report sent',
  'report.reviewTitle': 'Report a review of {name}',
  'report.reviewPageTitle': 'Report a review of {name} · Kasuwa',
  'report.reviewQuote': '{stars} ★ by {author}: {text}',
  'report.answerTitle': 'Report the answer of {name} to a review',
  'report.answerPageTitle': 'Report the answer of {name} to a review · Kasuwa',
  'report.answerQuote': 'Answer from {shop}: {text}',
  'report.noText': '(no text)',
  'report.messageTitle': 'Report a message from {name}',
  'report.messagePageTitle': 'Report a message from {name} · Kasuwa',
  'report.backTo': 'Back to {name}',
  'report.backToConversation': 'Back to the conversation with {name}',
  'report.whatIsWrong': 'What is wrong?',
  'report.scam': REPORT_REASON_LABELS.scam,
  'report.misleading': REPORT_REASON_LABELS.misleading,
  'report.prohibited': REPORT_REASON_LABELS.prohibited,
  'report.offensive': REPORT_REASON_LABELS.offensive,
  'report.other': REPORT_REASON_LABELS.other,
  'report.details': 'Tell us more (needed for “Other”)',
  'report.sending': 'Sending…',
  'report.send': 'Send report',
  'report.thanks': MSG.reportSent,
} as const;
