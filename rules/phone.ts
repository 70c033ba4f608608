/**
 * Nigerian mobile numbers. The two forms of docs/product.md §5 (0 or +234, then 10 digits) are the floor;
 * the other ways people write one are accepted too when the digits can only be a Nigerian mobile number
 * (070, 080, 081, 090, 091… after the country code, with or without its +, 00 or the trunk 0).
 */
const SPEC_FORMS = /^(?:0|\+234)(\d{10})$/;
const COUNTRY_CODE_FORMS = /^(?:\+|00)?2340?([789][01]\d{8})$/;

/** People type spaces, dots, dashes and brackets when copying a number from their contacts. */
function stripSeparators(input: string): string {
  return input.trim().replace(/[\s.\-()]/g, '');
}

/** The 10 digits after the country code, or null when the input is not a Nigerian number. */
function nationalDigits(input: string): string | null {
  const compact = stripSeparators(input);
  return (SPEC_FORMS.exec(compact) ?? COUNTRY_CODE_FORMS.exec(compact))?.[1] ?? null;
}

export function isNigerianPhone(input: string): boolean {
  return nationalDigits(input) !== null;
}

/** Every accepted spelling becomes `+234` and the 10 digits; anything else is returned trimmed. */
export function normalisePhone(input: string): string {
  const national = nationalDigits(input);
  return national === null ? input.trim() : `+234${national}`;
}

/** `+2348031234567` with its middle hidden, `0803 ••• 4567`: enough for its owner to know it, on a screen others may see. */
export function maskedPhone(international: string): string {
  const [first, , last] = localPhone(international).split(' ');
  return `${first} ••• ${last}`;
}

/** `+2348031234567` as people write it at home: `0803 123 4567`. */
export function localPhone(international: string): string {
  const national = international.slice(4);
  return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}
