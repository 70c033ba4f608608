import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack's `x-paystack-signature`: HMAC-SHA512 of the exact body bytes, keyed with the secret key, in hex. */
export function paystackSignature(body: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}

/** Compares secrets without leaking through timing how much of a guess was right; hashing evens the lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function hasPaystackSignature(body: Buffer, header: unknown, secretKey: string): boolean {
  return typeof header === 'string' && sameSecret(header.toLowerCase(), paystackSignature(body, secretKey));
}
