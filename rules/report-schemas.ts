import { z } from 'zod';
import { MODERATION_NOTE_MAX, REPORT_DETAILS_MAX } from './limits';
import { MSG } from './messages';
import { MODERATION_ACTIONS, REPORT_REASONS } from './moderation';
import { typedText } from './text';

/** A report as its form and the API take it: a reason, and text that "other" must have. */
export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: MSG.reportReasonRequired }),
    details: typedText()
      .max(REPORT_DETAILS_MAX, { error: MSG.tooLong(REPORT_DETAILS_MAX) })
      .optional()
      .transform((value) => value ?? ''),
  })
  .refine((report) => report.reason !== 'other' || report.details !== '', { error: MSG.reportDetailsRequired, path: ['details'] });

/** A moderator's stall visit, with an optional note of what they saw. */
export const stallVisitSchema = z.object({
  note: typedText()
    .max(MODERATION_NOTE_MAX, { error: MSG.tooLong(MODERATION_NOTE_MAX) })
    .optional()
    .transform((value) => value ?? ''),
});

/** A moderator's action on a reported item, always with a note for the audit log. */
export const moderationActionSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: MSG.moderationActionRequired }),
  note: typedText(MSG.moderationNoteRequired)
    .min(1, { error: MSG.moderationNoteRequired })
    .max(MODERATION_NOTE_MAX, { error: MSG.tooLong(MODERATION_NOTE_MAX) }),
});
