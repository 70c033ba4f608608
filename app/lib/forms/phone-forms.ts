import { z } from 'zod';
import { MSG } from '#rules/messages.ts';

/** The code as people type it from a text message: spaces between the digits are forgiven. */
export const phoneCodeFormSchema = z.object({
  code: z
    .string({ error: MSG.phoneCodeRequired })
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: MSG.phoneCodeRequired })),
});
