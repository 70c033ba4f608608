import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from '#app/lib/rules/account-schemas';
import { MSG } from '#app/lib/rules/messages';
import { newProductSchema } from '#app/lib/rules/product-schemas';
import { shopChangesSchema, shopFieldsSchema } from '#app/lib/rules/shop-schemas';

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
  it("names the row's problems with SPEC's words", () => {
    expect(messages(newProductSchema.safeParse({ name: '', price: '' }))).toEqual({ name: MSG.productNameRequired, price: MSG.priceRequired });
  });
});
