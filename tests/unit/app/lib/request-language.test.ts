import { describe, expect, it } from 'vitest';
import { languageOf } from '#app/lib/request-language.server.ts';

const facts = (acceptLanguage: string | null, cookie: string | null = null, search = '') => ({ search, cookie, acceptLanguage });

describe("a request's language", () => {
  it("follows the browser's languages on a first visit, by preference and by region", () => {
    expect(languageOf(facts('yo-NG,yo;q=0.9,en;q=0.5'))).toBe('yo');
    expect(languageOf(facts('fr-FR, ha;q=0.5, en;q=0.4'))).toBe('ha');
    expect(languageOf(facts('pcm-NG'))).toBe('pcm');
    expect(languageOf(facts('ig'))).toBe('ig');
    expect(languageOf(facts('en-GB,yo;q=0.9'))).toBe('en');
  });

  it('falls back to English for a browser that names none of the five, or names nothing readable', () => {
    expect(languageOf(facts(null))).toBe('en');
    expect(languageOf(facts('fr, de;q=0.8'))).toBe('en');
    expect(languageOf(facts(';;;q=,,*;q=abc'))).toBe('en');
    expect(languageOf(facts(`${'x-'.repeat(4000)}yo`))).toBe('en');
  });

  it("puts the visitor's chosen language above the browser's, and a link's language above both", () => {
    expect(languageOf(facts('yo', 'kasuwa_lang=pcm'))).toBe('pcm');
    expect(languageOf(facts('yo', 'kasuwa_lang=pcm', '?q=rice&lang=ha'))).toBe('ha');
  });

  it('ignores a cookie or a link naming a language Kasuwa does not have', () => {
    expect(languageOf(facts('yo', 'kasuwa_lang=fr'))).toBe('yo');
    expect(languageOf(facts('ig', null, '?lang=%3Cscript%3E'))).toBe('ig');
  });
});
