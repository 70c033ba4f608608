import { z } from 'zod';
import { password } from '#rules/account-schemas.ts';
import { MSG } from '#rules/messages.ts';

// The provider checks these same rules, so they live with the shared ones.
export { forgotPasswordSchema, loginSchema, resetLinkSchema, signupSchema } from '#rules/account-schemas.ts';

export const resetPasswordFormSchema = z
  .object({
    new_password: password,
    confirm_password: z.string({ error: MSG.confirmPasswordRequired }).min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((value) => value.new_password === value.confirm_password, { path: ['confirm_password'], error: MSG.passwordsDiffer });
