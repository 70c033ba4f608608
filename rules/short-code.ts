/**
 * A shop's short link code (`/s/k7m2qx`): lower-case letters and digits without those read alike
 * (0 and o, 1, l and i). The database makes them (`kasuwa_short_code()`, from this same alphabet).
 */
export const SHORT_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const SHORT_CODE_LENGTH = 6;

const SHORT_CODE = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/** The code as typed from a poster or a message, or null when it cannot be one. Capitals are forgiven. */
export function shortCodeOf(text: string): string | null {
  const code = text.trim().toLowerCase();
  return SHORT_CODE.test(code) ? code : null;
}
