import { isProviderError } from './provider/errors';
import { MSG } from './rules/messages';

/** What a form shows after the provider refused it, in the shape Conform's `submission.reply()` takes. */
export type FormErrors = { formErrors: string[]; fieldErrors: Record<string, string[]> };

/**
 * SPEC §8 for the account forms: a 400 or 401 body goes next to the form's own fields (several messages
 * joined by commas) or, from `detail` / `non_field_errors`, above the form; a 429 says when to try again;
 * anything else gets `fallback`. A message for a field the form does not show goes above the form rather
 * than being lost.
 */
export function formErrorsFrom(error: unknown, fields: readonly string[], fallback: string = MSG.networkOrUnexpected): FormErrors {
  if (isProviderError(error, 429)) return { formErrors: [MSG.tooManyAttempts(error.retryAfterSeconds)], fieldErrors: {} };
  if (isProviderError(error) && (error.status === 400 || error.status === 401)) {
    const fieldErrors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    const form = error.formMessage();
    if (form) formErrors.push(form);
    for (const [field, message] of Object.entries(error.fieldMessages())) {
      if (fields.includes(field)) fieldErrors[field] = [message];
      else formErrors.push(message);
    }
    if (formErrors.length || Object.keys(fieldErrors).length) return { formErrors, fieldErrors };
  }
  return { formErrors: [fallback], fieldErrors: {} };
}
