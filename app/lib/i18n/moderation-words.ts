import type { MessageKey } from '#rules/i18n/keys.ts';
import type { ModerationAction, ReportReason } from '#rules/moderation.ts';
import type { Translate } from './words';

export const REASON_WORDS: { [Reason in ReportReason]: MessageKey } = {
  scam: 'report.scam',
  misleading: 'report.misleading',
  prohibited: 'report.prohibited',
  offensive: 'report.offensive',
  other: 'report.other',
};

const ACTION_WORDS: { [Action in ModerationAction]: MessageKey } = {
  dismiss: 'moderation.action.dismiss',
  hide: 'moderation.action.hide',
  restore: 'moderation.action.restore',
};

/** A reason or an action as the API names it, in the page's words; one the site does not know, as it came. */
export const reasonWord = (t: Translate, reason: string) => (Object.hasOwn(REASON_WORDS, reason) ? t(REASON_WORDS[reason as ReportReason]) : reason);
export const actionWord = (t: Translate, action: string) => (Object.hasOwn(ACTION_WORDS, action) ? t(ACTION_WORDS[action as ModerationAction]) : action);
