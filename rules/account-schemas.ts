import { z } from 'zod';
import { PASSWORD_MIN, PHONE_CODE, TEXT_MAX, USERNAME_MIN } from './limits';
import { MSG } from './messages';
import { isNigerianPhone } from './phone';
import { EMAIL_PATTERN, requiredText } from './text';

export const password = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? MSG.passwordRequired : MSG.notAString) })
  .min(1, { error: MSG.passwordRequired, abort: true })
  .min(PASSWORD_MIN, { error: MSG.passwordMin, abort: true })
  .max(TEXT_MAX.password, { error: MSG.tooLong(TEXT_MAX.password) });

const email = (requiredMessage: string) => requiredText(requiredMessage, TEXT_MAX.email).regex(EMAIL_PATTERN, { error: MSG.emailInvalid });

export const loginSchema = z.object({
  username_or_email: requiredText(MSG.usernameOrEmailRequired, TEXT_MAX.email),
  password: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? MSG.passwordRequired : MSG.notAString) })
    .min(1, { error: MSG.passwordRequired, abort: true })
    .max(TEXT_MAX.password, { error: MSG.tooLong(TEXT_MAX.password) }),
});

export const signupSchema = z.object({
  email: email(MSG.emailRequired),
  username: requiredText(MSG.usernameRequired, TEXT_MAX.username)
    .min(USERNAME_MIN, { error: MSG.usernameMin, abort: true })
    .regex(/^[\w.@+-]+$/, { error: 'Username may contain only letters, numbers and @/./+/-/_ characters.' }),
  phone_number: requiredText(MSG.phoneRequired, 32).refine(isNigerianPhone, { error: MSG.phoneInvalid }),
  password,
});

/** Settings: the account's own fields, under the signup rules. */
export const profileSchema = signupSchema.omit({ password: true });

/** A number to text a code to: the account's own, or one of its shops' (checked by the API, which knows them). */
export const phoneCodeRequestSchema = signupSchema.pick({ phone_number: true });

export const phoneVerificationSchema = phoneCodeRequestSchema.extend({
  code: z.string({ error: MSG.phoneCodeRequired }).regex(new RegExp(`^\\d{${PHONE_CODE.digits}}$`), { error: MSG.phoneCodeRequired }),
});

const currentPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? MSG.currentPasswordRequired : MSG.notAString) })
  .min(1, { error: MSG.currentPasswordRequired, abort: true })
  .max(TEXT_MAX.password, { error: MSG.tooLong(TEXT_MAX.password) });

export const passwordChangeSchema = z.object({ current_password: currentPassword, new_password: password });

/** Deleting the account (decision 079) asks for the password it is signed in with, nothing else. */
export const accountDeletionSchema = z.object({ current_password: currentPassword });

export const forgotPasswordSchema = z.object({ email: email(MSG.emailRequired) });

export const resetLinkSchema = z.object({
  uid: requiredText(MSG.fieldRequired, 200),
  token: requiredText(MSG.fieldRequired, 200),
});
