import { printableText } from '#rules/text.ts';
import type { Poster } from './poster.server';

// A control character XML cannot hold would leave a file no viewer opens.
const escapeXml = (text: string) => printableText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function wrap(words: string[], perLine: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Longer lines (a smaller size) rather than a fourth line that runs on. */
export function nameLines(name: string, perLine: number): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  for (let width = perLine; ; width += 2) {
    const lines = wrap(words, width);
    if (lines.length <= 3) return lines;
  }
}

const WIDTH = 210;
const HEIGHT = 297;
const CENTRE = WIDTH / 2;
const HINT_LEADING = 6.5;

/** The poster's own words, in the language of the page it was asked from. */
export type PosterWords = { kicker: string; hint: string };

/** A4 in millimetres; the photo is inside the file, so it prints anywhere without the site. */
export function posterSvg(poster: Poster, photo: { type: string; bytes: Buffer } | null, words: PosterWords): string {
  const text = (y: number, size: number, content: string, extra = '') =>
    `<text x="${CENTRE}" y="${y}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}"${extra}>${escapeXml(content)}</text>`;
  const lines = nameLines(poster.shop.name, 22);
  const longest = Math.max(...lines.map((line) => line.length), 1);
  const nameSize = Math.min(14, 330 / longest);
  const parts = [text(26, 9, words.kicker, ' font-weight="700" fill="#9a3412"')];
  let y = 26 + nameSize * 1.4;
  for (const line of lines) {
    parts.push(text(y, nameSize, line, ' font-weight="700"'));
    y += nameSize * 1.15;
  }
  if (poster.shop.category) parts.push(text(y + 2, 7, poster.shop.category));
  y += 8;
  if (photo) {
    const href = `data:${photo.type};base64,${photo.bytes.toString('base64')}`;
    parts.push(`<image x="${CENTRE - 55}" y="${y}" width="110" height="82.5" preserveAspectRatio="xMidYMid slice" href="${href}"/>`);
    y += 88;
  }
  // Some languages say the hint at twice the English length: it wraps rather than run off the page.
  const hint = wrap(words.hint.split(/\s+/).filter(Boolean), 64);
  const qrSize = Math.min(80, HEIGHT - 32 - y - HINT_LEADING * (hint.length - 1));
  parts.push(poster.qrSvg.replace('<svg ', `<svg x="${CENTRE - qrSize / 2}" y="${y}" width="${qrSize}" height="${qrSize}" `));
  y += qrSize + 12;
  parts.push(text(y, 9, poster.shortText, ' font-weight="700"'));
  hint.forEach((line, index) => {
    parts.push(text(y + 8 + index * HINT_LEADING, 5.5, line));
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}mm" height="${HEIGHT}mm" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>${parts.join('')}</svg>
`;
}
