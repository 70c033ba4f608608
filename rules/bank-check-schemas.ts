import { z } from 'zod';
import { BANK_CHECK } from './limits';
import { MSG } from './messages';
import { requiredText } from './text';

/** An owner's bank account to match against their name: the same rules in the browser, the action and the API. */
export const bankCheckSchema = z.object({
  bank_code: requiredText(MSG.bankRequired, 20).regex(/^[\w-]+$/, { error: MSG.bankRequired }),
  // Spaces and dashes as people copy them from a banking app are forgiven.
  account_number: z
    .string({ error: MSG.bankAccountNumberInvalid })
    .transform((number) => number.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${BANK_CHECK.accountDigits}}$`), { error: MSG.bankAccountNumberInvalid })),
  account_name: requiredText(MSG.bankAccountNameRequired, BANK_CHECK.nameMax),
});
