/** Why a buyer is warned beside a shop's message (docs/product.md §5): the first of these that the message shows. */
export type MessageWarning = 'pay_first' | 'account_number' | 'link';

/** Asking for money before the goods change hands, as shops write it in English and Pidgin. */
const PAY_FIRST = [
  /\bpay(ment)?\s+(first|before|upfront|up\s+front|in\s+advance)\b/,
  /\b(advance|upfront|part)\s+payment\b/,
  /\bsend\s+(the\s+|your\s+|me\s+)?(money|cash|payment)\b/,
  /\btransfer\s+(first|before|upfront)\b/,
  /\bmake\s+(you\s+|the\s+)?transfer\b/,
  /\bdeposit\b/,
];

/** Separators people put inside a long number: "0123 456 789", "0123-456-789". */
const BETWEEN_DIGITS = /(\d)[ .-](?=\d)/g;
/** A NUBAN account number is 10 digits; a Nigerian phone number is 11 (080…) or 13 (234…), so it does not match. */
const TEN_DIGITS = /(?<!\d)\d{10}(?!\d)/;

const LINK = /\b(https?:\/\/|www\.)|\b[a-z0-9-]+\.(com|net|org|ng|io|me|co|ly|link|xyz|shop|store|info|biz|app)\b/;

/** Whether a message from a shop warrants a warning for the buyer, and which; null when it does not. */
export function messageWarning(body: string): MessageWarning | null {
  const text = body.toLowerCase();
  if (PAY_FIRST.some((pattern) => pattern.test(text))) return 'pay_first';
  if (TEN_DIGITS.test(text.replace(BETWEEN_DIGITS, '$1'))) return 'account_number';
  if (LINK.test(text)) return 'link';
  return null;
}
