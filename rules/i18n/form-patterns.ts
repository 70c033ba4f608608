/**
 * The form messages that carry a value, and how to read the value back out of the English text, so a page in
 * another language can say them (docs/languages.md, "Form messages"). A test holds them to MSG's words.
 */
export const FORM_PATTERNS = [
  [/^Ensure this field has no more than (?<max>\d+) characters\.$/, 'form.tooLong'],
  [/^Choose this photo again \((?<name>.*)\): a page that reloads cannot keep a chosen photo\.$/, 'form.choosePhotoAgain'],
  [/^Too many attempts\. Please try again in (?<seconds>\d+) seconds?\.$/, 'form.tooManyAttemptsIn'],
  [/^Too many attempts\. Please wait a minute and try again\.$/, 'form.tooManyAttemptsWait'],
  [/^Request was throttled\. Expected available in (?<seconds>\d+) seconds\.$/, 'form.throttled'],
  [/^You are sending messages too quickly\. Please wait (?<seconds>\d+) seconds? and send again\.$/, 'form.messagesTooFast'],
  [/^Order request: (?<items>\d+) items?, total (?<total>\S+)\. Payment is on collection or delivery, as agreed here\.$/, 'form.orderRequested'],
  // Before "out of stock": a shop's reason may say that too.
  [/^Order declined\. Reason: (?<reason>[\s\S]+)$/, 'form.orderDeclinedBecause'],
  [/^(?<name>.+) is out of stock\.$/, 'form.orderOutOfStock'],
  [/^That code is not right\. (?<left>\d+) (?:try|tries) left\.$/, 'form.phoneCodeWrong'],
] as const satisfies readonly (readonly [RegExp, string])[];

export type FormPatternKey = (typeof FORM_PATTERNS)[number][1];

/** The key and values of a message with a value, if `english` is one. */
export function formPatternOf(english: string): { key: FormPatternKey; values: Record<string, string | number> } | undefined {
  for (const [pattern, key] of FORM_PATTERNS) {
    const found = pattern.exec(english);
    if (!found) continue;
    const values = Object.fromEntries(Object.entries(found.groups ?? {}).map(([name, value]) => [name, /^\d+$/.test(value) ? Number(value) : value]));
    return { key, values };
  }
  return undefined;
}
