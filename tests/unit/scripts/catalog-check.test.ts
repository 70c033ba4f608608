import { describe, expect, it } from 'vitest';
import { AREAS } from '#rules/i18n/areas.ts';
import { catalogProblems } from '#scripts/lib/catalog-check.ts';

const source = { 'shops.count': '{count, plural, one {# shop} other {# shops}} in {state}', 'shops.none': 'No shops yet' };
const code = "t('shops.count'); t('shops.none');";
const translation = (messages: Record<string, string>) => ({ messages: messages as typeof source, reviewed: [] });

describe('the catalog check', () => {
  it('passes catalogs that agree with the English and the code', () => {
    const areas = {
      shops: { source, translations: { pcm: translation({ 'shops.count': '{count, plural, other {# shops}} for {state}', 'shops.none': 'No shop dey' }) } },
    };
    expect(catalogProblems(areas, code)).toEqual([]);
  });

  it('refuses a missing key, an unused key, a placeholder renamed and a message that does not parse', () => {
    const areas = {
      shops: { source, translations: { yo: translation({ 'shops.count': '{count, plural, other {ṣọ́ọ̀bù #}} ní {ipinle}', 'shops.extra': '{' }) } },
    };
    expect(catalogProblems(areas, "t('shops.count')")).toEqual([
      "shops: 'shops.none' is used nowhere",
      "shops yo: 'shops.none' is missing",
      "shops yo: 'shops.count' fills in {count}, {ipinle}, English {count}, {state}",
      "shops yo: 'shops.extra' is not in English",
    ]);
    const broken = { shops: { source, translations: { ig: translation({ 'shops.count': '{count, plural, other {#', 'shops.none': 'Enweghị ụlọ ahịa' }) } } };
    expect(catalogProblems(broken, code)).toEqual([expect.stringMatching(/^shops ig: 'shops.count' does not parse: /)]);
  });

  it('refuses a key that two areas hold, and counts a form message as used where its MSG entry is', () => {
    const forms = { 'form.passwordRequired': 'Password is required', 'form.emailRequired': 'Email is required' };
    const areas = {
      shops: { source, translations: {} },
      forms: { source: forms, translations: {} },
      more: { source: { 'shops.none': 'x' }, translations: {} },
    };
    expect(catalogProblems(areas, `${code} MSG.passwordRequired`)).toEqual([
      "forms: 'form.emailRequired' is used nowhere",
      "more: 'shops.none' is in shops too",
    ]);
  });

  it("finds nothing wrong with Kasuwa's own catalogs beyond what the code uses", () => {
    const everyKey = Object.values(AREAS)
      .flatMap(({ source: english }) => Object.keys(english))
      .map((key) => `'${key}'`)
      .join(' ');
    expect(catalogProblems(AREAS, everyKey)).toEqual([]);
  });
});
