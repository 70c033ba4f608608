import { describe, expect, it } from 'vitest';
import { nameLines } from '#app/lib/poster/poster-svg.server';

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
