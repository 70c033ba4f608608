import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from '#rules/account-schemas.ts';
import { MODERATION_NOTE_MAX, REPORT_DETAILS_MAX, TEXT_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { newProductSchema } from '#rules/product-schemas.ts';
import { moderationActionSchema, reportSchema } from '#rules/report-schemas.ts';
import { shopChangesSchema, shopFieldsSchema } from '#rules/shop-fields.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('account forms', () => {
  it('gives one message per field: the first rule that fails', () => {
    expect(messages(signupSchema.safeParse({ email: ' ', username: '', phone_number: '', password: '' }))).toEqual({
      email: MSG.emailRequired,
      username: MSG.usernameRequired,
      phone_number: MSG.phoneRequired,
      password: MSG.passwordRequired,
    });
    expect(messages(loginSchema.safeParse({}))).toEqual({ username_or_email: MSG.usernameOrEmailRequired, password: MSG.passwordRequired });
  });
});

describe('shop forms', () => {
  it('trims values and turns tags into a clean list', () => {
    const parsed = shopFieldsSchema.parse({ name: ' Bukka ', address: ' Yaba ', category: 'Food', description: 'Amala', tags: ' Amala,, EWEDU ,amala' });
    expect(parsed).toEqual({ name: 'Bukka', address: 'Yaba', category: 'Food', description: 'Amala', tags: ['amala', 'ewedu'] });
  });

  it('counts a line break a form sends as CRLF as one character, as the text box did, and keeps it as LF', () => {
    const typed = (separator: string) => `${'a'.repeat(TEXT_MAX.shopDescription - 2)}${separator}b`;
    const fields = { name: 'Bukka', address: 'Yaba', category: 'Food', description: typed('\r\n') };
    expect(shopFieldsSchema.parse(fields).description).toBe(typed('\n'));
    expect(shopChangesSchema.parse({ description: typed('\r') }).description).toBe(typed('\n'));
    expect(reportSchema.parse({ reason: 'other', details: `${'d'.repeat(REPORT_DETAILS_MAX - 1)}\r\n` }).details).toBe('d'.repeat(REPORT_DETAILS_MAX - 1));
    const note = `${'n'.repeat(MODERATION_NOTE_MAX - 2)}\r\nn`;
    expect(moderationActionSchema.parse({ action: 'dismiss', note }).note).toBe(note.replace('\r\n', '\n'));
  });

  it('lets an edit leave every field out', () => {
    expect(shopChangesSchema.parse({ name: '', address: '  ' })).toEqual({
      name: undefined,
      address: undefined,
      category: undefined,
      description: undefined,
      tags: undefined,
    });
  });
});

describe('product rows', () => {
  it("names the row's problems in the words of docs/product.md §5", () => {
    expect(messages(newProductSchema.safeParse({ name: '', price: '' }))).toEqual({ name: MSG.productNameRequired, price: MSG.priceRequired });
  });
});
