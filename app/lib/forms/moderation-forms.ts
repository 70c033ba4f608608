import { moderationActionSchema, reportSchema } from '#rules/report-schemas.ts';

/** Report a shop or a review (issue 19): the same fields the provider takes. */
export const reportFormSchema = reportSchema;
export const REPORT_FORM_FIELDS = ['reason', 'details'] as const;

/** A moderator's action on a reported item, with its note. */
export const moderationFormSchema = moderationActionSchema;
export const MODERATION_FORM_FIELDS = ['action', 'note'] as const;
