import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { request } from 'undici';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#scripts/lib/chromium.ts';
import { buildIfStale, freePort, startProduct } from '#scripts/lib/product.ts';
import { DEMO_OWNER } from '#server/db/demo-owner.ts';
import { type Interaction, interactionTime } from './lib/interactions';
import { PHONE_PHOTO } from './lib/phone-photos';
import { FIRST_PHONE_OWNER, PHONE_SHOPS, type PhoneShopsSummary, uploadPhoneShops } from './lib/phone-shops';
import { type Kind, PHONE, PROFILES, type VisitMetrics, visit } from './lib/phone-visit';
import { machine } from './lib/report';
import { answeredReview, buyerWithThread, newModerator, ownersFirstShop, webSession } from './lib/signed-in-buyer';

/**
 * `npm run bench:pages`: the public pages as a phone sees them, through Chromium with Chrome DevTools
 * throttling, JavaScript on and off, each visit from a cold cache; on the demo data and on shops with phone photos.
 */
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const SEARCH_WORD = 'lagos';
const TARGETS = { jsOffShopsVisibleSlow3gMs: 3000, documentAndCssKb: 40, homeFirstVisitKb: 300 };
/** On the phone-photo data, slow3g, medians. */
const PHOTO_TARGETS = { shopVisibleMs: 1100, lcpMs: 2800, homeKb: 300, shopKb: 150, jsOffShopVisibleMs: 1200, liteHomeKb: 100 };
/** The signed-in messages pages, slow3g, medians: first content (a thread's name, a message, a form's heading) and bytes. */
const MESSAGE_TARGETS = { visibleMs: 1100, kb: 100, jsOffVisibleMs: 1200 };
/** The phones people own (issue 33), on the phone-photo data, medians. */
const LOW_END_TARGETS = {
  twoGVisibleMs: 1300,
  twoGLcpMs: 2600,
  lowendLcpMs: 1600,
  lowendTbtMs: 150,
  lowendCls: 0.02,
  inpMs: 100,
  homeShopKb: 120,
  liteKb: 40,
};
const FIRST_PAGES = ['home', 'shop', 'search', 'product'];

/** Where a tap is measured: on `lowend`, JavaScript on, once React has hydrated what is tapped. */
const INTERACTIONS: Interaction[] = [
  { name: 'heart', page: 'home', path: '/', ready: '.shop-card .heart', act: (page) => page.locator('.shop-card .heart').first().tap() },
  {
    name: 'search typing',
    page: 'home',
    path: '/',
    ready: '#home-search',
    act: async (page) => {
      const box = page.locator('#home-search');
      await box.tap();
      await box.pressSequentially('ric', { delay: 150 });
    },
  },
  { name: 'menu', page: 'home', path: '/', ready: 'details.menu summary', act: (page) => page.locator('details.menu summary').tap() },
  {
    name: 'add row',
    page: 'add-products',
    path: '/shop/{owner_shop}/add-products',
    ready: 'form button.secondary',
    signedIn: 'owner',
    act: (page) => page.getByRole('button', { name: 'Add another row' }).tap(),
  },
  {
    name: 'send',
    page: 'thread',
    path: '/messages/{thread}',
    ready: 'textarea[name="body"]',
    signedIn: 'buyer',
    act: async (page) => {
      await page.locator('textarea[name="body"]').fill('Yes please, Saturday morning suits me.');
      await page.getByRole('button', { name: 'Send', exact: true }).tap();
    },
  },
];
type InteractionCase = { data: DataSet; name: string; page: string; profile: string; runs: number[] };

const DATA_SETS = ['demo', 'phone'] as const;
type DataSet = (typeof DATA_SETS)[number];
type Stat = { median: number; min: number; max: number } | null;
/**
 * `lite`: the browser's JavaScript is on and it asks to save data (`Save-Data: on`), so the pages come in Lite mode.
 * `judgedAs`: the targets the page answers to beside the general ones.
 */
type Case = {
  data: DataSet;
  page: string;
  path: string;
  language: string;
  profile: string;
  javaScript: boolean;
  lite: boolean;
  judgedAs?: 'messages';
  runs: VisitMetrics[];
};
/** Each page in English and in Yorùbá, whose words are the longest and whose catalogs must cost the pages nothing. */
const LANGUAGES = { en: 'en-NG', yo: 'yo-NG' } as const;
type Language = keyof typeof LANGUAGES;
const MODES = [
  { javaScript: true, lite: false },
  { javaScript: false, lite: false },
  { javaScript: true, lite: true },
];
const modeOf = (c: { javaScript: boolean; lite: boolean }) => (c.lite ? 'lite' : c.javaScript ? 'on' : 'off');

function stat(values: (number | null)[]): Stat {
  const present = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (present.length < values.length || !present.length) return null;
  const middle = Math.floor(present.length / 2);
  const median = present.length % 2 ? present[middle]! : (present[middle - 1]! + present[middle]!) / 2;
  return { median, min: present[0]!, max: present.at(-1)! };
}

const ms = (s: Stat) => (s ? `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})` : 'n/a');
const kb = (s: Stat) => (s ? (s.median / 1024).toFixed(1) : 'n/a');
const KINDS: Kind[] = ['document', 'css', 'js', 'image', 'other'];
const bytesOf = (c: Case, kinds: Kind[]) => stat(c.runs.map((run) => kinds.reduce((sum, kind) => sum + run.bytes[kind], 0)));

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      profiles: { type: 'string', default: PROFILES.map((p) => p.name).join(',') },
      data: { type: 'string', default: DATA_SETS.join(',') },
      languages: { type: 'string', default: Object.keys(LANGUAGES).join(',') },
      // Some of the pages by name, for a quick look at one change; the interactions on them run too.
      pages: { type: 'string' },
    },
  });
  return {
    runs: Number(values.runs),
    profiles: PROFILES.filter((profile) => values.profiles!.split(',').includes(profile.name)),
    data: DATA_SETS.filter((data) => values.data!.split(',').includes(data)),
    languages: (Object.keys(LANGUAGES) as Language[]).filter((language) => values.languages!.split(',').includes(language)),
    pages: values.pages?.split(','),
  };
}

type Report = {
  date: string;
  machine: ReturnType<typeof machine>;
  runs: number;
  phoneShops: PhoneShopsSummary | null;
  cases: Case[];
  interactions: InteractionCase[];
  verdicts: string[];
};

function dataLines(report: Report): string[] {
  const lines = ['Data: **demo**: the demo shops (`SEED_DEMO=1`), whose photos are drawn per category at seed time (goods on a table, a stall for a shop).'];
  const phone = report.phoneShops;
  if (phone) {
    lines.push(
      `**phone**: ${phone.shops} shops (no demo data) that ${PHONE_SHOPS.owners} owners created through the API, each with a phone-like photo ` +
        `(${PHONE_PHOTO.width}×${PHONE_PHOTO.height} JPEG, shapes, texture and grain; ${phone.photoKb.min}–${phone.photoKb.max} KB, median ${phone.photoKb.median}; ` +
        `drawn by \`bench/lib/phone-photos.ts\` with sharp from a fixed seed) and ${PHONE_SHOPS.productsPerShop} products added in one batch with photos from the same set; ` +
        `uploading them took ${phone.seconds} s.`,
    );
  }
  return lines;
}

function markdown(report: Report) {
  const m = report.machine;
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    `# Pages as a phone sees them, ${report.date}`,
    '',
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverageAtStart} at start.`,
    ...dataLines(report),
    `Production build, web tier and API on this machine. Chromium (${CHROMIUM_FLAGS.join(' ')}) as a ${PHONE.viewport.width}×${PHONE.viewport.height} phone at ${PHONE.deviceScaleFactor}× density; ` +
      `each visit a new browser context (cold cache). ${report.runs} runs per case: median (min–max). Throttling by CDP: ` +
      PROFILES.map((p) =>
        p.latencyMs ? `${p.name} ${p.latencyMs} ms RTT, ${p.downKbit} kbit/s down, ${p.upKbit} kbit/s up, CPU ×${p.cpuSlowdown}` : `${p.name} unthrottled`,
      ).join('; ') +
      '.',
    'JS "lite": JavaScript on in the browser, which sends `Save-Data: on`, so the pages come in Lite mode (no script, smallest photos). ' +
      'Times in ms from navigation start. "Shop visible": the first shop name laid out in the viewport, not before First Contentful Paint. ' +
      'Bytes: transferred (CDP encodedDataLength, compressed, headers included), after the network has been idle 500 ms.',
    '',
    row([
      'Data',
      'Page',
      'Language',
      'Profile',
      'JS',
      'TTFB',
      'FCP',
      'LCP',
      'Shop visible',
      'TBT',
      'CLS',
      'Doc KB',
      'CSS KB',
      'JS KB',
      'Images KB',
      'Total KB',
      'Requests',
    ]),
    row(['---', '---', '---', '---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...report.cases.map((c) =>
      row([
        c.data,
        c.page,
        c.language,
        c.profile,
        modeOf(c),
        ms(stat(c.runs.map((r) => r.ttfbMs))),
        ms(stat(c.runs.map((r) => r.fcpMs))),
        ms(stat(c.runs.map((r) => r.lcpMs))),
        ms(stat(c.runs.map((r) => r.firstShopVisibleMs))),
        c.javaScript ? ms(stat(c.runs.map((r) => r.tbtMs))) : 'n/a',
        c.javaScript ? shift(stat(c.runs.map((r) => r.cls))) : 'n/a',
        kb(bytesOf(c, ['document'])),
        kb(bytesOf(c, ['css'])),
        kb(bytesOf(c, ['js'])),
        kb(bytesOf(c, ['image'])),
        kb(bytesOf(c, KINDS)),
        stat(c.runs.map((r) => r.requests))?.median ?? 'n/a',
      ]),
    ),
    '',
    ...(report.interactions.length
      ? [
          'Interactions: Interaction to Next Paint by the Event Timing API, the slowest of the taps and keys each made, on a cold visit once the page is ' +
            'hydrated and the network idle; "<16" when no event took 16 ms, the smallest the API reports. Total blocking time above: long tasks past 50 ms from FCP to network idle.',
          '',
          row(['Data', 'Interaction', 'Page', 'Profile', 'INP ms']),
          row(['---', '---', '---', '---', '---:']),
          ...report.interactions.map((i) => row([i.data, i.name, i.page, i.profile, inp(stat(i.runs))])),
          '',
        ]
      : []),
    ...report.verdicts.map((verdict) => `- ${verdict}`),
    '',
  ].join('\n');
}

const shift = (s: Stat) => (s ? `${s.median.toFixed(3)} (${s.min.toFixed(3)}–${s.max.toFixed(3)})` : 'n/a');
/** Median / min / max, where 0 means quicker than the Event Timing API reports. */
const inp = (s: Stat) => (s ? [s.median, s.min, s.max].map((value) => (value < 16 ? '<16' : String(Math.round(value)))).join(' / ') : 'n/a');

function verdicts(cases: Case[]): { lines: string[]; allMet: boolean } {
  const lines: string[] = [];
  let allMet = true;
  const judge = (met: boolean, text: string) => {
    allMet &&= met;
    lines.push(`${met ? 'met' : 'NOT met'}: ${text}`);
  };
  for (const data of DATA_SETS) {
    const ofData = cases.filter((c) => c.data === data);
    if (!ofData.length) continue;
    const slowNoJs = ofData.filter((c) => c.profile === 'slow3g' && !c.javaScript);
    if (slowNoJs.length) {
      const worst = slowNoJs.map((c) => ({ page: c.page, visible: stat(c.runs.map((r) => r.firstShopVisibleMs)) }));
      judge(
        worst.every((w) => w.visible !== null && w.visible.max <= TARGETS.jsOffShopsVisibleSlow3gMs),
        `${data}: JavaScript off on slow3g, every page shows its first shop within ${TARGETS.jsOffShopsVisibleSlow3gMs} ms in every run (slowest: ${worst.map((w) => `${w.page} ${w.visible ? Math.round(w.visible.max) : 'never'}`).join(', ')}).`,
      );
    }
    const firstContent = ofData.map((c) => ({ page: c.page, bytes: bytesOf(c, ['document', 'css']) }));
    const heaviest = (page: string) => Math.max(...firstContent.filter((f) => f.page === page).map((f) => f.bytes?.max ?? Infinity));
    const pageNames = [...new Set(ofData.map((c) => c.page))];
    judge(
      firstContent.every((f) => f.bytes !== null && f.bytes.max <= TARGETS.documentAndCssKb * 1024),
      `${data}: bytes before first content (document + CSS) ≤ ${TARGETS.documentAndCssKb} KB in every run (most: ${pageNames.map((page) => `${page} ${(heaviest(page) / 1024).toFixed(1)}`).join(', ')}).`,
    );
    // Chrome loads lazy images from further away on slow networks, so the heaviest home visit may be on any profile.
    const homes = ofData.filter((c) => c.page === 'home' && c.javaScript && !c.lite).map((c) => ({ profile: c.profile, total: bytesOf(c, KINDS) }));
    if (!homes.length) continue;
    judge(
      homes.every((h) => h.total !== null && h.total.max <= TARGETS.homeFirstVisitKb * 1024),
      `${data}: home page first visit with JavaScript, images included, ≤ ${TARGETS.homeFirstVisitKb} KB in every run (${homes.map((h) => `${h.profile} ${kb(h.total)} KB, most ${h.total ? (h.total.max / 1024).toFixed(1) : 'n/a'}`).join('; ')}).`,
    );
  }
  const photoCase = (page: string, javaScript: boolean, lite = false) =>
    cases.find((c) => c.data === 'phone' && c.profile === 'slow3g' && c.page === page && c.javaScript === javaScript && c.lite === lite);
  const median = (c: Case | undefined, value: (run: VisitMetrics) => number | null) => (c ? (stat(c.runs.map(value))?.median ?? null) : null);
  const within = (value: number | null, limit: number) => value !== null && value <= limit;
  for (const [page, limitKb] of [
    ['home', PHOTO_TARGETS.homeKb],
    ['shop', PHOTO_TARGETS.shopKb],
    // A product's page keeps its shop's page's budgets.
    ['product', PHOTO_TARGETS.shopKb],
  ] as const) {
    const c = photoCase(page, true);
    if (!c) continue;
    const visible = median(c, (r) => r.firstShopVisibleMs);
    const lcp = median(c, (r) => r.lcpMs);
    const total = bytesOf(c, KINDS)?.median ?? null;
    judge(
      within(visible, PHOTO_TARGETS.shopVisibleMs) && within(lcp, PHOTO_TARGETS.lcpMs) && within(total, limitKb * 1024),
      `phone, slow3g, JavaScript on, ${page}: first shop visible ≤ ${PHOTO_TARGETS.shopVisibleMs} ms (${visible === null ? 'never' : Math.round(visible)}), ` +
        `LCP ≤ ${PHOTO_TARGETS.lcpMs} ms (${lcp === null ? 'n/a' : Math.round(lcp)}), ≤ ${limitKb} KB in all (${total === null ? 'n/a' : (total / 1024).toFixed(1)}), medians.`,
    );
  }
  for (const page of new Set(cases.filter((c) => c.judgedAs === 'messages').map((c) => c.page))) {
    const on = photoCase(page, true);
    const off = photoCase(page, false);
    if (!on || !off) continue;
    const visible = median(on, (r) => r.firstShopVisibleMs);
    const total = bytesOf(on, KINDS)?.median ?? null;
    const visibleOff = median(off, (r) => r.firstShopVisibleMs);
    judge(
      within(visible, MESSAGE_TARGETS.visibleMs) && within(total, MESSAGE_TARGETS.kb * 1024) && within(visibleOff, MESSAGE_TARGETS.jsOffVisibleMs),
      `phone, slow3g, signed in, ${page}: first content ≤ ${MESSAGE_TARGETS.visibleMs} ms with JavaScript (${visible === null ? 'never' : Math.round(visible)}), ` +
        `≤ ${MESSAGE_TARGETS.kb} KB in all (${total === null ? 'n/a' : (total / 1024).toFixed(1)}), ≤ ${MESSAGE_TARGETS.jsOffVisibleMs} ms without (${visibleOff === null ? 'never' : Math.round(visibleOff)}), medians.`,
    );
  }
  // Chrome loads lazy images from further away on slow networks, so the heaviest visit may be on any profile.
  const liteHomes = cases.filter((c) => c.data === 'phone' && c.page === 'home' && c.lite).map((c) => ({ profile: c.profile, total: bytesOf(c, KINDS) }));
  if (liteHomes.length) {
    judge(
      liteHomes.every((h) => h.total !== null && h.total.max <= PHOTO_TARGETS.liteHomeKb * 1024),
      `phone, Lite mode, home: ≤ ${PHOTO_TARGETS.liteHomeKb} KB in all in every run (${liteHomes.map((h) => `${h.profile} ${kb(h.total)} KB, most ${h.total ? (h.total.max / 1024).toFixed(1) : 'n/a'}`).join('; ')}).`,
    );
  }
  const noJs = cases.filter((c) => c.data === 'phone' && c.profile === 'slow3g' && !c.javaScript);
  if (noJs.length) {
    const visible = noJs.map((c) => ({ page: c.page, ms: median(c, (r) => r.firstShopVisibleMs) }));
    judge(
      visible.every((v) => within(v.ms, PHOTO_TARGETS.jsOffShopVisibleMs)),
      `phone, slow3g, JavaScript off: every page shows its first shop within ${PHOTO_TARGETS.jsOffShopVisibleMs} ms, median (${visible.map((v) => `${v.page} ${v.ms === null ? 'never' : Math.round(v.ms)}`).join(', ')}).`,
    );
  }
  return { lines, allMet };
}

/** Issue 33's targets, on the phone-photo data in English: each row says met or NOT met with its figures. */
function lowEndVerdicts(cases: Case[], interactions: InteractionCase[]): string[] {
  const lines: string[] = [];
  const judge = (met: boolean, text: string) => lines.push(`${met ? 'met' : 'NOT met'}: ${text}`);
  const phone = cases.filter((c) => c.data === 'phone' && c.language === 'en');
  const median = (c: Case, value: (run: VisitMetrics) => number | null) => stat(c.runs.map(value))?.median ?? null;
  const within = (value: number | null, limit: number) => value !== null && value <= limit;
  const shown = (value: number | null, digits = 0) => (value === null ? 'n/a' : value.toFixed(digits));
  const firstPages = phone.filter((c) => FIRST_PAGES.includes(c.page) && !c.lite);
  const twoG = firstPages.filter((c) => c.profile === '2g');
  if (twoG.length) {
    const rows = twoG.map((c) => ({ c, visible: median(c, (r) => r.firstShopVisibleMs), lcp: median(c, (r) => r.lcpMs) }));
    judge(
      rows.every((r) => within(r.visible, LOW_END_TARGETS.twoGVisibleMs) && within(r.lcp, LOW_END_TARGETS.twoGLcpMs)),
      `phone, 2g, JavaScript on and off: first shop visible ≤ ${LOW_END_TARGETS.twoGVisibleMs} ms and LCP ≤ ${LOW_END_TARGETS.twoGLcpMs} ms, medians (` +
        rows.map((r) => `${r.c.page} ${modeOf(r.c)} ${shown(r.visible)}/${shown(r.lcp)}`).join(', ') +
        ').',
    );
  }
  const lowend = firstPages.filter((c) => c.profile === 'lowend' && c.javaScript);
  if (lowend.length) {
    const rows = lowend.map((c) => ({ c, lcp: median(c, (r) => r.lcpMs), tbt: median(c, (r) => r.tbtMs), cls: median(c, (r) => r.cls) }));
    judge(
      rows.every((r) => within(r.lcp, LOW_END_TARGETS.lowendLcpMs) && within(r.tbt, LOW_END_TARGETS.lowendTbtMs) && within(r.cls, LOW_END_TARGETS.lowendCls)),
      `phone, lowend, JavaScript on: LCP ≤ ${LOW_END_TARGETS.lowendLcpMs} ms, TBT ≤ ${LOW_END_TARGETS.lowendTbtMs} ms, CLS ≤ ${LOW_END_TARGETS.lowendCls}, medians (` +
        rows.map((r) => `${r.c.page} ${shown(r.lcp)}/${shown(r.tbt)}/${shown(r.cls, 3)}`).join(', ') +
        ').',
    );
  }
  const taps = interactions.filter((i) => i.data === 'phone');
  if (taps.length) {
    const rows = taps.map((i) => ({ name: i.name, inp: stat(i.runs)?.median ?? null }));
    judge(
      rows.every((r) => within(r.inp, LOW_END_TARGETS.inpMs)),
      `phone, lowend: INP ≤ ${LOW_END_TARGETS.inpMs} ms, medians (${rows.map((r) => `${r.name} ${r.inp !== null && r.inp < 16 ? '<16' : shown(r.inp)}`).join(', ')}).`,
    );
  }
  const weighed = phone.filter((c) => c.page === 'home' || c.page === 'shop');
  const heavy = weighed.filter((c) => !c.lite).map((c) => ({ c, kb: (bytesOf(c, KINDS)?.median ?? Infinity) / 1024 }));
  if (heavy.length) {
    judge(
      heavy.every((h) => h.kb <= LOW_END_TARGETS.homeShopKb),
      `phone, home and shop, every profile, JavaScript on and off: ≤ ${LOW_END_TARGETS.homeShopKb} KB, medians (heaviest: ` +
        heavy
          .sort((a, b) => b.kb - a.kb)
          .slice(0, 4)
          .map((h) => `${h.c.page} ${h.c.profile} ${modeOf(h.c)} ${h.kb.toFixed(1)}`)
          .join(', ') +
        ').',
    );
  }
  const lite = weighed.filter((c) => c.lite).map((c) => ({ c, kb: (bytesOf(c, KINDS)?.median ?? Infinity) / 1024 }));
  if (lite.length) {
    judge(
      lite.every((l) => l.kb <= LOW_END_TARGETS.liteKb),
      `phone, home and shop, Lite: ≤ ${LOW_END_TARGETS.liteKb} KB, medians (${lite.map((l) => `${l.c.page} ${l.c.profile} ${l.kb.toFixed(1)}`).join(', ')}).`,
    );
  }
  return lines;
}

/** The product on a data directory of its own, with the data set in it. */
async function startWith(data: DataSet, report: Report) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `kasuwa-bench-pages-${data}-`));
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const product = startProduct({
    webPort,
    apiPort,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: data === 'demo' ? '1' : '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '' },
    log: () => {},
  });
  const stop = async () => {
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await product.ready;
    if (data === 'phone') {
      console.log(`Uploading ${PHONE_SHOPS.shops} shops with phone photos…`);
      report.phoneShops = await uploadPhoneShops(product.apiUrl);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { product, stop, dataDir };
}

async function main() {
  const settings = options();
  const report: Report = {
    date: new Date().toISOString().slice(0, 10),
    machine: machine(),
    runs: settings.runs,
    phoneShops: null,
    cases: [],
    interactions: [],
    verdicts: [],
  };
  await buildIfStale();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const data of settings.data) {
      const { product, stop, dataDir } = await startWith(data, report);
      try {
        const list = (await (await request(`${product.apiUrl}/shops`)).body.json()) as { sponsored_shops: { id: string }[]; for_you: { id: string }[] };
        const shop = list.sponsored_shops[0] ?? list.for_you[0]!;
        // Its product list, not the shop itself, so that choosing it counts no visit.
        const [firstProduct] = (await (await request(`${product.apiUrl}/shops/${shop.id}/products`)).body.json()) as { id: string }[];
        const buyer = await buyerWithThread(product.apiUrl, product.webUrl, shop.id);
        const owner = data === 'demo' ? DEMO_OWNER : FIRST_PHONE_OWNER;
        const ownerShop = await ownersFirstShop(product.apiUrl, owner);
        const review = `/shop/${ownerShop.id}/reviews/${await answeredReview(product.apiUrl, buyer.access, ownerShop)}`;
        const moderator = await newModerator(product.apiUrl, product.webUrl, dataDir);
        // Signed in as the buyer, held to the messages pages' targets.
        const messages = { signedIn: true, judgedAs: 'messages' } as const;
        const pages = [
          { page: 'home', path: '/', shopNameSelector: '.shop-card .card-name' },
          { page: 'shop', path: `/shop/${shop.id}`, shopNameSelector: '.shop-summary h1' },
          ...(firstProduct ? [{ page: 'product', path: `/product/${firstProduct.id}`, shopNameSelector: '.product-page h1' }] : []),
          { page: 'search', path: `/searchResults?q=${SEARCH_WORD}`, shopNameSelector: '.shop-card .card-name' },
          { page: 'inbox', path: '/messages', shopNameSelector: '.inbox .inbox-shop', ...messages },
          { page: 'thread', path: `/messages/${buyer.threadId}`, shopNameSelector: '.chat-log li', ...messages },
          { page: 'message form', path: `/shop/${shop.id}/message`, shopNameSelector: 'main h1', ...messages },
          ...(firstProduct
            ? [
                {
                  page: 'order form',
                  path: `/shop/${shop.id}/order?product=${firstProduct.id}&qty=1`,
                  shopNameSelector: 'main h1',
                  ...messages,
                },
              ]
            : []),
          // Form pages: their heading is their first content.
          { page: 'sign-in', path: '/login', shopNameSelector: 'main h1' },
          { page: 'create-shop', path: '/createShop', shopNameSelector: 'main h1', signedIn: true },
          { page: 'settings', path: '/settings', shopNameSelector: 'main h1', signedIn: true },
          { page: 'verification', path: '/verification', shopNameSelector: 'main h1' },
          { page: 'reviews', path: `/shop/${shop.id}/reviews`, shopNameSelector: 'main h1' },
          { page: 'add-products', path: `/shop/${ownerShop.id}/add-products`, shopNameSelector: 'main h1', signedIn: 'owner' },
          { page: 'bank check', path: `/myShop/${ownerShop.id}/bank`, shopNameSelector: 'main h1', signedIn: 'owner' },
          { page: 'phone check', path: `/myShop/${ownerShop.id}/phone`, shopNameSelector: 'main h1', signedIn: 'owner' },
          { page: 'answer', path: `${review}/answer`, shopNameSelector: 'main h1', signedIn: 'owner' },
          { page: 'answer report', path: `${review}/answer/report`, shopNameSelector: 'main h1', signedIn: true },
          { page: 'stall visit', path: `/s/${ownerShop.shortCode}`, shopNameSelector: 'main h1', signedIn: 'moderator' },
        ];
        for (const profile of settings.profiles) {
          for (const page of pages.filter((candidate) => !settings.pages || settings.pages.includes(candidate.page))) {
            for (const [language, { javaScript, lite }] of settings.languages.flatMap((language) => MODES.map((mode) => [language, mode] as const))) {
              const c: Case = { data, page: page.page, path: page.path, language, profile: profile.name, javaScript, lite, runs: [] };
              if ('judgedAs' in page) c.judgedAs = page.judgedAs;
              const cookie = !('signedIn' in page)
                ? undefined
                : page.signedIn === 'owner'
                  ? await webSession(product.webUrl, owner)
                  : page.signedIn === 'moderator'
                    ? await moderator.signIn()
                    : await buyer.signIn();
              for (let run = 0; run < settings.runs; run += 1) {
                c.runs.push(
                  await visit(browser, `${product.webUrl}${page.path}`, {
                    profile,
                    javaScript,
                    saveData: lite,
                    shopNameSelector: page.shopNameSelector,
                    cookie,
                    locale: LANGUAGES[language],
                  }),
                );
              }
              console.log(
                `${data} ${page.page} ${language} ${profile.name} JS ${modeOf(c)}: shop visible ${ms(stat(c.runs.map((r) => r.firstShopVisibleMs)))} ms, ` +
                  `LCP ${ms(stat(c.runs.map((r) => r.lcpMs)))} ms, ${kb(bytesOf(c, KINDS))} KB`,
              );
              report.cases.push(c);
            }
          }
        }
        const lowend = settings.profiles.find((profile) => profile.name === 'lowend');
        for (const interaction of lowend ? INTERACTIONS.filter((candidate) => !settings.pages || settings.pages.includes(candidate.page)) : []) {
          const path = interaction.path.replace('{owner_shop}', ownerShop.id).replace('{thread}', buyer.threadId);
          const measured: InteractionCase = { data, name: interaction.name, page: interaction.page, profile: lowend!.name, runs: [] };
          for (let run = 0; run < settings.runs; run += 1) {
            const cookie = interaction.signedIn === 'owner' ? await webSession(product.webUrl, owner) : interaction.signedIn ? await buyer.signIn() : undefined;
            measured.runs.push(await interactionTime(browser, `${product.webUrl}${path}`, interaction, { profile: lowend!, cookie, locale: LANGUAGES.en }));
          }
          console.log(`${data} ${interaction.name} on ${interaction.page} ${lowend!.name}: INP ${inp(stat(measured.runs))} ms`);
          report.interactions.push(measured);
        }
      } finally {
        await stop();
      }
    }
  } finally {
    await browser.close();
  }

  // Every target holds in every language measured.
  const judged = settings.languages.map((language) => ({ language, ...verdicts(report.cases.filter((c) => c.language === language)) }));
  report.verdicts = [
    ...judged.flatMap(({ language, lines }) => lines.map((line) => `${language}: ${line}`)),
    ...lowEndVerdicts(report.cases, report.interactions).map((line) => `issue 33: ${line}`),
  ];
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `pages-${report.date}`);
  await writeFile(`${file}.json`, `${JSON.stringify({ ...report, targets: { ...TARGETS, phone: PHOTO_TARGETS } }, null, 2)}\n`);
  await writeFile(`${file}.md`, markdown(report));
  console.log(markdown(report));
  process.exitCode = judged.every(({ allMet }) => allMet) ? 0 : 1;
}

await main();
