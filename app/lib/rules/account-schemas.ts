import { z } from 'zod';
import { PASSWORD_MIN, TEXT_MAX, USERNAME_MIN } from './limits';
import { MSG } from './messages';
import { isNigerianPhone } from './phone';
import { EMAIL_PATTERN, requiredText } from './text';

const password = z
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

export const forgotPasswordSchema = z.object({ email: email(MSG.emailRequired) });

export const resetLinkSchema = z.object({
  uid: requiredText(MSG.fieldRequired, 200),
  token: requiredText(MSG.fieldRequired, 200),
});

export const resetPasswordSchema = resetLinkSchema.extend({ new_password: password });

/** The reset page's form: the link's uid and token ride in its address, the person types the password twice. */
export const resetPasswordFormSchema = z
  .object({
    new_password: password,
    confirm_password: z.string({ error: MSG.confirmPasswordRequired }).min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((value) => value.new_password === value.confirm_password, { path: ['confirm_password'], error: MSG.passwordsDiffer });

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
