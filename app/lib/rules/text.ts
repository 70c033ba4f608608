import { z } from 'zod';
import { MSG } from './messages';

/**
 * A form sends a textarea's line breaks as CRLF, but the browser counted each as one character against
 * its maxlength: counted the same here, so whatever the box took is accepted, and stored with LF.
 */
export const oneCharLineBreaks = (value: string) => value.replace(/\r\n?/g, '\n');

/** A trimmed text that must be present: `message` when missing or blank, the length bound after. */
export function requiredText(message: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : MSG.notAString) })
    .overwrite(oneCharLineBreaks)
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: MSG.tooLong(max) });
}

/** A trimmed text that may be left out; blank counts as left out. */
export function optionalText(max: number) {
  return z
    .string({ error: MSG.notAString })
    .overwrite(oneCharLineBreaks)
    .trim()
    .max(max, { error: MSG.tooLong(max) })
    .optional()
    .transform((value) => (value ? value : undefined));
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
