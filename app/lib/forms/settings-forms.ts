import { z } from 'zod';
import { accountDeletionSchema, passwordChangeSchema, profileSchema } from '#rules/account-schemas.ts';
import { MSG } from '#rules/messages.ts';

export const SETTINGS = '/settings';
/** What the page says after a form went through, named in its address (`?done=`). */
export type SettingsDone = 'profile' | 'password' | 'alerts' | 'sms' | 'sessions';

/** Settings' forms, one per intent; the provider checks the same account rules. */
export const profileFormSchema = profileSchema.extend({ intent: z.literal('profile') });

export const passwordFormSchema = passwordChangeSchema
  .extend({
    intent: z.literal('password'),
    confirm_password: z.string({ error: MSG.confirmPasswordRequired }).min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((value) => value.new_password === value.confirm_password, { path: ['confirm_password'], error: MSG.passwordsDiffer });

/** Checkboxes: a ticked one sends `on`, an unticked one nothing. */
export const mailAlertsFormSchema = z.object({
  intent: z.literal('alerts'),
  message_mail: z.literal('on').optional(),
  renewal_mail: z.literal('on').optional(),
});

export const signOutOthersSchema = z.object({ intent: z.literal('sign-out-others') });

export const accountDeletionFormSchema = accountDeletionSchema.extend({ intent: z.literal('delete-account') });

/** Where a deleted account lands, signed out, with its notice. */
export const ACCOUNT_DELETED_PATH = '/?account-deleted';
