import { moderationActionSchema, reportSchema, stallVisitSchema } from '#rules/report-schemas.ts';

export const reportFormSchema = reportSchema;
export const REPORT_FORM_FIELDS = ['reason', 'details'] as const;

export const moderationFormSchema = moderationActionSchema;
export const MODERATION_FORM_FIELDS = ['action', 'note'] as const;

export const stallVisitFormSchema = stallVisitSchema;
