import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import type { Poster } from '#app/lib/poster/poster.server.ts';
import { nameLines, posterSvg } from '#app/lib/poster/poster-svg.server.ts';
import { isPrintableText } from '#rules/text.ts';

describe('the poster’s shop name', () => {
  it('keeps a short name on one line and wraps a longer one at whole words', () => {
    expect(nameLines('Mama Titi Kitchen', 22)).toEqual(['Mama Titi Kitchen']);
    expect(nameLines('Balogun Lace House & Co Textiles', 22)).toEqual(['Balogun Lace House &', 'Co Textiles']);
  });

  it('fits a name too long for three lines into three longer, even ones rather than one that runs on', () => {
    const name = 'Glow by Tolu Beauty Lounge, Spa, Nails, Hair and Makeup Studio for Brides and Everyday Ladies of Lekki';
    const lines = nameLines(name, 22);
    expect(lines).toHaveLength(3);
    expect(lines.join(' ')).toBe(name);
    expect(Math.max(...lines.map((line) => line.length)) - Math.min(...lines.map((line) => line.length))).toBeLessThan(12);
  });
});

describe('the poster file', () => {
  const poster = (name: string, category: string): Poster => ({
    shop: { id: 'a1', name, category, image: null, image_url: '' } as unknown as Poster['shop'],
    shortUrl: 'https://kasuwa.ng/s/abc123',
    shortText: 'kasuwa.ng/s/abc123',
    qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>',
  });
  const words = { kicker: 'Find us on Kasuwa', hint: 'Scan the code or type the link to see our products and prices.' };
  /** Parses the file as a strict XML parser does, returning its text and any error. */
  function parse(svg: string): { text: string; errors: string[] } {
    const parser = new SaxesParser({ xmlns: true });
    const result = { text: '', errors: [] as string[] };
    parser.on('text', (text) => (result.text += text));
    parser.on('error', (error) => result.errors.push(error.message));
    parser.write(svg).close();
    return result;
  }

  it('is well-formed XML whatever the stored name holds: control characters, NUL, a lone surrogate, markup', () => {
    const name = 'Iya\x01\x0b\x1b Ade\0 & <Sons>\x7f\x85\x9b\ud800 "Foods"\udc00';
    const { text, errors } = parse(posterSvg(poster(name, 'Food\b'), null, words));
    expect(errors).toEqual([]);
    expect(text.replace(/\s+/g, '')).toContain('IyaAde&<Sons>"Foods"');
    expect(text).toContain('Food');
    expect(isPrintableText(text)).toBe(true);
  });

  it('wraps a hint longer than a line at whole words, so no language runs off the page', () => {
    const hint = 'Ṣe àyẹ̀wò kóòdù yìí tàbí tẹ ìjápọ̀ náà láti rí àwọn ọjà àti iye owó wa, kí o sì kàn sí wa ní ọjà.';
    const svg = posterSvg(poster('Mama Titi Kitchen', 'Food'), null, { ...words, hint });
    const lines = [...svg.matchAll(/font-size="5.5">([^<]*)</g)].map(([, line]) => line!);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(hint);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(64);
  });
});
