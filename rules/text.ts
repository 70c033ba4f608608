import { z } from 'zod';
import { MSG } from './messages';

/**
 * A form sends a textarea's line breaks as CRLF, but the browser counted each as one character against
 * its maxlength: counted the same here, so whatever the box took is accepted, and stored with LF.
 */
const oneCharLineBreaks = (value: string) => value.replace(/\r\n?/g, '\n');

/**
 * C0 and C1 control characters but the tab and the line feed (a CR has become one), DEL, and halves of a
 * UTF-16 pair without the other: invisible on a page, they make a stored name unprintable in XML (the
 * poster) and odd in every list.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\0-\x08\x0b-\x1f\x7f-\x9f]/;
// A lone surrogate never survives UTF-8; only a JS caller (a JSON "\ud800" escape) can send one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `value` holds only what a person can see, tabs and line breaks. */
export const isPrintableText = (value: string) => !CONTROL.test(value) && !LONE_SURROGATE.test(value);

const UNPRINTABLE = new RegExp(`${CONTROL.source}|${LONE_SURROGATE.source}`, 'g');

/** `value` without what isPrintableText refuses (and CR), for text stored before the rule or from another provider. */
export const printableText = (value: string) => value.replace(UNPRINTABLE, '').replace(/\r/g, '');

/**
 * Text as a person typed it: line breaks as LF, trimmed, and refused when it holds control characters.
 * `error` is zod's for a value that is no string (or missing).
 */
export function typedText(error: z.core.$ZodStringParams['error'] = MSG.notAString) {
  return z.string({ error }).overwrite(oneCharLineBreaks).trim().refine(isPrintableText, { error: MSG.controlCharacters, abort: true });
}

/** A trimmed text that must be present: `message` when missing or blank, the length bound after. */
export function requiredText(message: string, max: number) {
  return typedText((issue) => (issue.input === undefined || issue.input === null ? message : MSG.notAString))
    .min(1, { error: message, abort: true })
    .max(max, { error: MSG.tooLong(max) });
}

/** A trimmed text that may be left out (undefined) or emptied on purpose (blank: null), as an optional field on an edit form. */
export function clearableText(max: number) {
  return typedText()
    .max(max, { error: MSG.tooLong(max) })
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/** A trimmed text that may be left out; blank counts as left out. */
export function optionalText(max: number) {
  return typedText()
    .max(max, { error: MSG.tooLong(max) })
    .optional()
    .transform((value) => (value ? value : undefined));
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
