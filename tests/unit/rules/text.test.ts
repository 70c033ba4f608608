import { describe, expect, it } from 'vitest';
import { signupSchema } from '#rules/account-schemas.ts';
import { MSG } from '#rules/messages.ts';
import { newProductSchema, productChangesSchema } from '#rules/product-schemas.ts';
import { ratingSchema } from '#rules/rating-schemas.ts';
import { moderationActionSchema, reportSchema } from '#rules/report-schemas.ts';
import { shopChangesSchema, shopFieldsSchema } from '#rules/shop-fields.ts';
import { isPrintableText } from '#rules/text.ts';

/** Characters nobody can see or type on purpose: C0 and C1 controls, DEL, NUL, and UTF-16 halves alone. */
const INVISIBLE = {
  'SOH (\\x01)': '\x01',
  'vertical tab (\\x0b)': '\x0b',
  'escape (\\x1b)': '\x1b',
  'DEL (\\x7f)': '\x7f',
  'NEL (\\x85)': '\x85',
  'CSI (\\x9b)': '\x9b',
  NUL: '\0',
  'backspace (\\b)': '\b',
  'a lone high surrogate': '\ud800',
  'a lone low surrogate': '\udc00',
};

const issuesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.error?.issues ?? []).map((issue) => issue.message);

describe('text a person typed', () => {
  it.each(Object.entries(INVISIBLE))('holding %s is not printable', (_name, character) => {
    expect(isPrintableText(`Iya${character}Foods`)).toBe(false);
  });

  it('keeps tabs, line breaks, accents, Yoruba and Hausa letters, emoji and their surrogate pairs', () => {
    for (const text of ['Mama Put\tYaba\nLagos', 'Ọjà Ẹ̀kọ́', 'Ɗan Ƙasa', 'Suya 🔥🇳🇬', 'Café – “best”']) expect(isPrintableText(text)).toBe(true);
  });

  it.each(Object.entries(INVISIBLE))('is refused with one clear message in every field when it holds %s', (_name, character) => {
    const bad = `Iya${character}Foods`;
    const shop = { name: 'Bukka', address: 'Yaba', category: 'Food', description: 'Amala' };
    for (const field of ['name', 'address', 'category', 'description', 'area', 'tags']) {
      expect(issuesOf(shopFieldsSchema.safeParse({ ...shop, [field]: bad }))).toEqual([MSG.controlCharacters]);
      expect(issuesOf(shopChangesSchema.safeParse({ [field]: bad }))).toEqual([MSG.controlCharacters]);
    }
    expect(issuesOf(newProductSchema.safeParse({ name: bad, price: '500' }))).toEqual([MSG.controlCharacters]);
    expect(issuesOf(productChangesSchema.safeParse({ name: bad }))).toEqual([MSG.controlCharacters]);
    expect(issuesOf(ratingSchema.safeParse({ stars: 4, review: bad }))).toEqual([MSG.controlCharacters]);
    expect(issuesOf(reportSchema.safeParse({ reason: 'other', details: bad }))).toEqual([MSG.controlCharacters]);
    expect(issuesOf(moderationActionSchema.safeParse({ action: 'hide', note: bad }))).toEqual([MSG.controlCharacters]);
    expect(issuesOf(signupSchema.safeParse({ email: `ada${character}@kasuwa.ng`, username: 'ada', phone_number: '08012345678', password: 'secret1' }))).toEqual(
      [MSG.controlCharacters],
    );
  });

  it('takes tabs and line breaks where a text runs over lines', () => {
    expect(shopFieldsSchema.parse({ name: 'Bukka', address: 'Yaba', category: 'Food', description: 'Amala\r\n\tEwedu' }).description).toBe('Amala\n\tEwedu');
    expect(ratingSchema.parse({ stars: 5, review: 'Fresh.\nFast.' }).review).toBe('Fresh.\nFast.');
    expect(reportSchema.parse({ reason: 'other', details: 'Sold me\ta fake' }).details).toBe('Sold me\ta fake');
  });
});
