/** Nigerian mobile numbers (SPEC §5): 0 plus 10 digits, or +234 plus 10 digits. */
const PHONE_PATTERN = /^(?:0|\+234)\d{10}$/;

/** People type spaces, dashes and brackets when copying a number from their contacts. */
function stripSeparators(input: string): string {
  return input.trim().replace(/[\s\-()]/g, '');
}

export function isNigerianPhone(input: string): boolean {
  return PHONE_PATTERN.test(stripSeparators(input));
}

/** `08012345678` and `+2348012345678` both become `+2348012345678`; anything else is returned trimmed. */
export function normalisePhone(input: string): string {
  const compact = stripSeparators(input);
  const national = compact.startsWith('+234') ? compact.slice(4) : compact.startsWith('0') ? compact.slice(1) : null;
  return national !== null && /^\d{10}$/.test(national) ? `+234${national}` : input.trim();
}
