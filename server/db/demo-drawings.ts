/**
 * Flat shapes and gradients only (no text, no filters), so librsvg draws them and AVIF encodes them quickly.
 * Each good is drawn around (0, 0), within x ±250 and y -190..130, standing on y 130.
 */

/** `n` picks natural colours. */
type Colours = { main: string; accent: string; tint: string; n: number };

/** Food and produce keep their own colours: blue rice looks like no market's. */
const natural = (choices: string[], n: number) => choices[n % choices.length]!;
/** `id` prefixes the drawing's gradient and pattern ids: a stall draws the same good three times. */
type Good = (c: Colours, id: string) => string;

const plate: Good = (c) =>
  [
    '<ellipse cx="0" cy="60" rx="240" ry="80" fill="#e7e5e4"/><ellipse cx="0" cy="52" rx="200" ry="62" fill="#fafaf9"/>',
    `<path d="M-160 50Q-140-40-30-52Q90-60 150 30Q110 90 0 92Q-120 92-160 50Z" fill="${natural(['#d9541e', '#c2410c', '#f5ecd7', '#b45309'], c.n)}"/>`,
    ...[-110, -60, -10, 40, 90, -85, -35, 15, 65].map((x, i) => `<ellipse cx="${x}" cy="${i < 5 ? 10 : 45}" rx="9" ry="4" fill="#fde68a" opacity=".6"/>`),
    '<path d="M60 40Q70-20 130-10Q190 5 170 60Q150 95 100 80Z" fill="#7c3f12"/><circle cx="118" cy="20" r="12" fill="#a35a1f"/>',
    '<circle cx="-120" cy="70" r="26" fill="#16a34a"/><circle cx="-80" cy="82" r="22" fill="#dc2626"/><circle cx="-80" cy="82" r="12" fill="#fca5a5"/>',
  ].join('');

const bowl: Good = (c) =>
  [
    '<path d="M-210-10Q-200 130 0 130Q200 130 210-10Z" fill="#fafaf9"/><path d="M-210-10Q-200 60-150 90L150 90Q200 60 210-10Z" fill="#e7e5e4" opacity=".5"/>',
    `<ellipse cx="0" cy="-10" rx="210" ry="56" fill="#f5f5f4"/><ellipse cx="0" cy="-8" rx="186" ry="44" fill="${natural(['#3f6212', '#c2410c', '#a16207', '#b91c1c'], c.n)}"/>`,
    '<ellipse cx="-70" cy="-14" rx="34" ry="18" fill="#7c2d12"/><ellipse cx="40" cy="-2" rx="30" ry="16" fill="#92400e"/><ellipse cx="100" cy="-20" rx="22" ry="12" fill="#fef3c7"/>',
    '<circle cx="-10" cy="-24" r="10" fill="#15803d"/><circle cx="-130" cy="4" r="9" fill="#15803d"/>',
  ].join('');

const bottle: Good = (c) =>
  [
    `<path d="M-70-60Q-70-110-30-130L-30-175L30-175L30-130Q70-110 70-60L70 110Q70 130 50 130L-50 130Q-70 130-70 110Z" fill="${c.main}"/>`,
    '<rect x="-34" y="-200" width="68" height="34" rx="6" fill="#1c1917"/>',
    `<rect x="-70" y="-20" width="140" height="90" fill="${c.tint}"/><rect x="-70" y="-6" width="140" height="16" fill="${c.accent}"/>`,
    '<path d="M-50-60L-50 100" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity=".3"/>',
    `<path d="M90 40Q90 10 120 0L120-20L150-20L150 0Q180 10 180 40L180 120Q180 130 170 130L100 130Q90 130 90 120Z" fill="${c.main}" opacity=".85"/>`,
    '<rect x="116" y="-36" width="38" height="20" rx="4" fill="#1c1917"/>',
  ].join('');

const phone: Good = (c, id) =>
  [
    '<g transform="rotate(-8)">',
    '<rect x="-95" y="-190" width="190" height="330" rx="28" fill="#1c1917"/>',
    `<defs><linearGradient id="${id}screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.main}"/><stop offset="1" stop-color="${c.accent}"/></linearGradient></defs>`,
    `<rect x="-82" y="-176" width="164" height="302" rx="18" fill="url(#${id}screen)"/>`,
    ...[0, 1, 2, 3].flatMap((row) =>
      [0, 1, 2].map((col) => `<rect x="${-62 + col * 48}" y="${-130 + row * 52}" width="30" height="30" rx="8" fill="#fff" opacity=".75"/>`),
    ),
    '<circle cx="0" cy="-164" r="5" fill="#44403c"/>',
    '</g>',
    '<rect x="110" y="40" width="120" height="80" rx="14" fill="#292524"/><circle cx="140" cy="80" r="6" fill="#22c55e"/>',
    '<path d="M230 80Q270 80 260 130" stroke="#292524" stroke-width="8" fill="none"/>',
  ].join('');

const fabric: Good = (c, id) => {
  const fold = (y: number, fill: string, stripe: string, id: string) =>
    `<defs><pattern id="${id}" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="${fill}"/><circle cx="18" cy="18" r="8" fill="${stripe}"/><path d="M0 0L36 36" stroke="${stripe}" stroke-width="4"/></pattern></defs>` +
    `<rect x="-200" y="${y}" width="400" height="70" rx="18" fill="url(#${id})"/><rect x="-200" y="${y + 52}" width="400" height="18" rx="9" fill="#000" opacity=".15"/>`;
  return [
    fold(-140, c.accent, c.tint, `${id}f1`),
    fold(-70, c.main, '#fde68a', `${id}f2`),
    fold(0, '#1e3a8a', c.tint, `${id}f3`),
    fold(60, c.main, c.accent, `${id}f4`),
  ].join('');
};

const garment: Good = (c) =>
  [
    `<path d="M-60-170L-200-120L-240 40L-170 50L-140-30L-140 130L140 130L140-30L170 50L240 40L200-120L60-170Q0-120-60-170Z" fill="${c.main}"/>`,
    `<path d="M-60-170Q0-110 60-170L40-170Q0-135-40-170Z" fill="${c.accent}"/>`,
    `<path d="M0-135L0 20" stroke="${c.accent}" stroke-width="10"/>`,
    ...[-110, -70, -30].map((y) => `<circle cx="-28" cy="${y}" r="7" fill="${c.accent}"/><circle cx="28" cy="${y}" r="7" fill="${c.accent}"/>`),
    `<path d="M-140 100L140 100" stroke="${c.accent}" stroke-width="8" stroke-dasharray="16 10"/>`,
  ].join('');

const jars: Good = (c) =>
  [
    `<rect x="-210" y="-10" width="200" height="130" rx="20" fill="${c.tint}"/><rect x="-210" y="30" width="200" height="50" fill="${c.accent}"/>`,
    `<rect x="-220" y="-60" width="220" height="60" rx="14" fill="${c.main}"/>`,
    `<rect x="40" y="-120" width="110" height="250" rx="24" fill="${c.main}"/><rect x="40" y="-20" width="110" height="70" fill="#fafaf9"/>`,
    '<rect x="76" y="-170" width="38" height="50" fill="#1c1917"/><path d="M76-160L30-160L30-146L76-146Z" fill="#1c1917"/>',
    '<path d="M60-100L60 110" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".35"/>',
    `<rect x="180" y="40" width="50" height="90" rx="10" fill="${c.accent}"/><rect x="188" y="20" width="34" height="24" rx="4" fill="#1c1917"/>`,
  ].join('');

const books: Good = (c) => {
  const colours = [c.main, '#1e3a8a', c.accent, '#15803d'];
  return [
    ...colours.map(
      (fill, i) =>
        `<rect x="${-200 + i * 12}" y="${70 - i * 60}" width="${330 - i * 24}" height="60" rx="6" fill="${fill}"/>` +
        `<rect x="${120 - i * 12}" y="${80 - i * 60}" width="14" height="40" fill="#fef3c7"/>` +
        `<rect x="${-170 + i * 12}" y="${92 - i * 60}" width="120" height="10" rx="5" fill="#fff" opacity=".6"/>`,
    ),
    `<rect x="160" y="-150" width="70" height="280" rx="6" fill="${c.main}" transform="rotate(8 195 130)"/>`,
    '<rect x="178" y="-110" width="34" height="8" rx="4" fill="#fff" opacity=".6" transform="rotate(8 195 130)"/>',
  ].join('');
};

const screen: Good = (c, id) =>
  [
    '<rect x="-240" y="-180" width="480" height="280" rx="12" fill="#1c1917"/>',
    `<defs><linearGradient id="${id}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.accent}"/><stop offset="1" stop-color="${c.tint}"/></linearGradient></defs>`,
    `<rect x="-226" y="-166" width="452" height="252" fill="url(#${id}sky)"/>`,
    `<path d="M-226 86L-226 20Q-120-60 0 10Q120 80 226-20L226 86Z" fill="${c.main}"/><circle cx="120" cy="-100" r="30" fill="#fde68a"/>`,
    '<path d="M-40 100L-70 130L70 130L40 100Z" fill="#292524"/>',
  ].join('');

const medicine: Good = (c) =>
  [
    '<rect x="-190" y="-110" width="170" height="240" rx="22" fill="#fafaf9"/>',
    `<rect x="-200" y="-160" width="190" height="60" rx="12" fill="${c.main}"/>`,
    `<rect x="-190" y="-40" width="170" height="110" fill="${c.tint}"/><path d="M-115-20h20v25h25v20h-25v25h-20v-25h-25v-20h25Z" fill="${c.main}"/>`,
    `<rect x="10" y="10" width="230" height="120" rx="14" fill="#d6d3d1"/>`,
    ...[0, 1].flatMap((row) => [0, 1, 2, 3].map((col) => `<circle cx="${50 + col * 50}" cy="${45 + row * 52}" r="18" fill="${c.accent}"/>`)),
  ].join('');

const produce: Good = (c) =>
  [
    ...[
      [-120, -40],
      [-40, -60],
      [40, -50],
      [120, -36],
      [-80, -100],
      [0, -110],
      [80, -96],
    ].map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="52" fill="${natural(['#dc2626', '#b91c1c', '#ea580c', '#a16207', '#65a30d'], c.n)}"/><circle cx="${x! - 16}" cy="${y! - 18}" r="12" fill="#fff" opacity=".35"/><path d="M${x! - 10} ${y! - 50}l10 8l10-8" stroke="#15803d" stroke-width="7" fill="none"/>`,
    ),
    '<path d="M-230-30L230-30L190 130L-190 130Z" fill="#a16207"/>',
    ...[10, 50, 90].map((y) => `<path d="M${-220 + y / 4} ${y}L${220 - y / 4} ${y}" stroke="#713f12" stroke-width="8"/>`),
  ].join('');

const sack: Good = (c) =>
  [
    `<path d="M-150-140Q-120-170-90-150Q0-180 90-150Q120-170 150-140Q180 0 160 120Q150 130 130 130L-130 130Q-150 130-160 120Q-180 0-150-140Z" fill="${c.tint}" stroke="#d6d3d1" stroke-width="6"/>`,
    `<rect x="-110" y="-60" width="220" height="120" rx="10" fill="${c.main}"/><rect x="-110" y="20" width="220" height="18" fill="${c.accent}"/>`,
    '<circle cx="0" cy="-20" r="26" fill="#fff" opacity=".8"/>',
    `<rect x="170" y="30" width="70" height="100" rx="8" fill="${c.accent}"/><rect x="170" y="60" width="70" height="30" fill="#fff" opacity=".7"/>`,
  ].join('');

const sofa: Good = (c) =>
  [
    `<rect x="-230" y="-110" width="460" height="150" rx="30" fill="${c.main}"/>`,
    `<rect x="-250" y="-30" width="70" height="140" rx="26" fill="${c.main}"/><rect x="180" y="-30" width="70" height="140" rx="26" fill="${c.main}"/>`,
    `<rect x="-180" y="10" width="360" height="90" rx="16" fill="${c.accent}"/><path d="M0 10L0 100" stroke="#000" stroke-width="4" opacity=".2"/>`,
    '<rect x="-230" y="100" width="20" height="30" fill="#44403c"/><rect x="210" y="100" width="20" height="30" fill="#44403c"/>',
    `<rect x="-150" y="-70" width="80" height="70" rx="16" fill="${c.tint}"/>`,
  ].join('');

const beads: Good = (c) =>
  [
    ...Array.from({ length: 19 }, (_, i) => {
      const angle = (Math.PI * i) / 18;
      const x = Math.round(-190 * Math.cos(angle));
      const y = Math.round(-120 + 220 * Math.sin(angle));
      return `<circle cx="${x}" cy="${y}" r="${i % 3 === 0 ? 26 : 20}" fill="${i % 3 === 0 ? c.accent : c.main}"/><circle cx="${x - 6}" cy="${y - 7}" r="6" fill="#fff" opacity=".45"/>`;
    }),
  ].join('');

const bag: Good = (c) =>
  [
    `<path d="M-90-40Q-90-170 0-170Q90-170 90-40" stroke="${c.accent}" stroke-width="18" fill="none"/>`,
    `<path d="M-190-50L190-50L220 120Q220 130 210 130L-210 130Q-220 130-220 120Z" fill="${c.main}"/>`,
    `<rect x="-190" y="-50" width="380" height="60" fill="${c.accent}" opacity=".5"/><rect x="-24" y="-4" width="48" height="36" rx="6" fill="#fbbf24"/>`,
    '<path d="M-200 90L200 90" stroke="#fff" stroke-width="4" stroke-dasharray="14 10" opacity=".6"/>',
  ].join('');

/** The first pattern in a product's name picks its good; otherwise its shop's category does. */
const BY_NAME: [RegExp, Good][] = [
  [/jollof|plantain|chops|suya|kilishi|fufu|garri|pounded|starch|bole/i, plate],
  [/soup|stew|amala|abacha|nsala|ponmo|meat|periwinkle/i, bowl],
  [/drink|zobo|water|chapman|oil|serum/i, bottle],
  [/book|novel|paperback|questions|apart|yellow sun/i, books],
  [/bead/i, beads],
  [/bag|sandal|pouf/i, bag],
  [/agbada|kaftan with|uniform|top|gown|jacket|coat|outfit|trouser|cap|bubu/i, garment],
  [/tomato|yam|potato|pepper|ginger|carrot|cabbage|strawberr/i, produce],
  [/rice|sugar|noodles|detergent|dawadawa|yaji|tin|diaper/i, sack],
  [/tv|lantern|bulb|fan|inverter|solar|stabiliser|theatre/i, screen],
];

const BY_CATEGORY: Record<string, Good> = {
  Food: plate,
  Phones: phone,
  Fashion: fabric,
  Beauty: jars,
  Books: books,
  Electronics: screen,
  Pharmacy: medicine,
  Groceries: produce,
  Furniture: sofa,
  Tailoring: garment,
};

const COLOURS: [string, string][] = [
  ['#dc4a1e', '#fbbf24'],
  ['#0f766e', '#f97316'],
  ['#9d174d', '#facc15'],
  ['#1d4ed8', '#f472b6'],
  ['#b45309', '#16a34a'],
  ['#7c3aed', '#fb923c'],
  ['#15803d', '#e11d48'],
  ['#c2410c', '#0ea5e9'],
];
const TINTS = ['#fde7d3', '#e0f2f1', '#fce7f3', '#e0e7ff', '#fef3c7', '#ede9fe', '#dcfce7', '#ffedd5'];

export type Drawing = { kind: 'shop' | 'product'; category: string; name: string; variety: number };

function colours(variety: number): Colours {
  const [main, accent] = COLOURS[variety % COLOURS.length]!;
  return { main, accent, tint: TINTS[(variety * 3) % TINTS.length]!, n: variety };
}

function goodFor(category: string, name: string): Good {
  return BY_NAME.find(([pattern]) => pattern.test(name))?.[1] ?? BY_CATEGORY[category] ?? sack;
}

function backdrop(tint: string): string {
  return [
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${tint}"/></linearGradient>`,
    '<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity=".3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>',
    '<rect width="800" height="600" fill="url(#wall)"/>',
  ].join('');
}

function productSvg({ category, name, variety }: Drawing): string {
  const c = colours(variety);
  return [
    backdrop(c.tint),
    '<path d="M0 420L800 400L800 600L0 600Z" fill="#d6b98c"/><path d="M0 420L800 400" stroke="#b08d5b" stroke-width="6"/>',
    '<ellipse cx="400" cy="455" rx="340" ry="56" fill="url(#shadow)"/>',
    `<g transform="translate(400 299) scale(1.2)">${goodFor(category, name)(c, 'g')}</g>`,
  ].join('');
}

function shopSvg({ category, variety }: Drawing): string {
  const c = colours(variety);
  const good = BY_CATEGORY[category] ?? sack;
  const stripes = Array.from({ length: 8 }, (_, i) => {
    const x = i * 100;
    return `<path d="M${x} 0L${x + 100} 0L${x + 100} 70A50 50 0 0 1 ${x} 70Z" fill="${i % 2 ? '#fff7ed' : c.main}"/>`;
  });
  const rail = '<rect width="800" height="14" fill="#44403c"/><path d="M0 70L800 70" stroke="#000" stroke-opacity=".08" stroke-width="4"/>';
  const place = (x: number, floor: number, scale: number, i: number) =>
    `<g transform="translate(${x} ${floor - 130 * scale}) scale(${scale})">${good(colours(variety + i), `g${i}`)}</g>`;
  return [
    backdrop(c.tint),
    ...stripes,
    rail,
    '<rect x="0" y="286" width="800" height="14" fill="#a0522d"/>',
    ...[100, 250, 400, 550, 700].map((x, i) => place(x, 286, 0.27, i + 3)),
    '<rect x="0" y="440" width="800" height="160" fill="#8b5a2b"/><rect x="0" y="430" width="800" height="20" fill="#a0522d"/>',
    ...[150, 400, 650].map((x, i) => `<ellipse cx="${x}" cy="436" rx="140" ry="18" fill="url(#shadow)"/>${place(x, 436, 0.52, i)}`),
  ].join('');
}

/** Drawn in 800 × 600 units. */
export function demoSvg(drawing: Drawing, width: number, height: number): string {
  const body = drawing.kind === 'shop' ? shopSvg(drawing) : productSvg(drawing);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 600">${body}</svg>`;
}
