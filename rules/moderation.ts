/** Why someone reports a shop or a review, in the order the form offers them. */
export const REPORT_REASONS = ['scam', 'misleading', 'prohibited', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  misleading: 'Wrong or misleading information',
  prohibited: 'Prohibited item',
  offensive: 'Offensive content',
  other: 'Other',
};

/** What a moderator can do to a reported item: close its reports, hide it, or show it again. */
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss the reports',
  hide: 'Hide',
  restore: 'Restore',
};
