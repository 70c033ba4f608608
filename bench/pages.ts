import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { request } from 'undici';
import { buildIfStale, freePort, startProduct } from '../scripts/lib/product';
import { CHROMIUM_FLAGS, PROFILES, visit, type Kind, type VisitMetrics } from './lib/phone-visit';
import { machine } from './lib/report';

/**
 * `npm run bench:pages`: the public pages as a phone sees them (issue 7, benchmark 1), on the demo data,
 * through Chromium with Chrome DevTools throttling, JavaScript on and off, each visit from a cold cache.
 */
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const SEARCH_WORD = 'lagos';
const TARGETS = { jsOffShopsVisibleSlow3gMs: 3000, documentAndCssKb: 40, homeFirstVisitKb: 300 };

type Stat = { median: number; min: number; max: number } | null;
type Case = { page: string; path: string; profile: string; javaScript: boolean; runs: VisitMetrics[] };

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
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, profiles: { type: 'string', default: PROFILES.map((p) => p.name).join(',') } } });
  return { runs: Number(values.runs), profiles: PROFILES.filter((profile) => values.profiles!.split(',').includes(profile.name)) };
}

function markdown(report: { date: string; machine: ReturnType<typeof machine>; runs: number; cases: Case[]; verdicts: string[] }) {
  const m = report.machine;
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    `# Pages as a phone sees them, ${report.date}`,
    '',
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverageAtStart} at start.`,
    `Demo data (\`SEED_DEMO=1\`), production build, web tier and API on this machine. Chromium (${CHROMIUM_FLAGS.join(' ')}) as a 360×780 phone at 2× density; ` +
      `each visit a new browser context (cold cache). ${report.runs} runs per case: median (min–max). Throttling by CDP: ` +
      PROFILES.map((p) => (p.latencyMs ? `${p.name} ${p.latencyMs} ms RTT, ${p.downKbit} kbit/s down, ${p.upKbit} kbit/s up, CPU ×${p.cpuSlowdown}` : `${p.name} unthrottled`)).join('; ') +
      '.',
    'Times in ms from navigation start. "Shop visible": the first shop name laid out in the viewport, not before First Contentful Paint. ' +
      'Bytes: transferred (CDP encodedDataLength, compressed, headers included), after the network has been idle 500 ms.',
    '',
    row(['Page', 'Profile', 'JS', 'TTFB', 'FCP', 'LCP', 'Shop visible', 'Doc KB', 'CSS KB', 'JS KB', 'Images KB', 'Total KB', 'Requests']),
    row(['---', '---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...report.cases.map((c) =>
      row([
        c.page,
        c.profile,
        c.javaScript ? 'on' : 'off',
        ms(stat(c.runs.map((r) => r.ttfbMs))),
        ms(stat(c.runs.map((r) => r.fcpMs))),
        ms(stat(c.runs.map((r) => r.lcpMs))),
        ms(stat(c.runs.map((r) => r.firstShopVisibleMs))),
        kb(bytesOf(c, ['document'])),
        kb(bytesOf(c, ['css'])),
        kb(bytesOf(c, ['js'])),
        kb(bytesOf(c, ['image'])),
        kb(bytesOf(c, KINDS)),
        stat(c.runs.map((r) => r.requests))?.median ?? 'n/a',
      ]),
    ),
    '',
    ...report.verdicts.map((verdict) => `- ${verdict}`),
    '',
  ].join('\n');
}

function verdicts(cases: Case[]): { lines: string[]; allMet: boolean } {
  const lines: string[] = [];
  let allMet = true;
  const judge = (met: boolean, text: string) => {
    allMet &&= met;
    lines.push(`${met ? 'met' : 'NOT met'}: ${text}`);
  };
  const slowNoJs = cases.filter((c) => c.profile === 'slow3g' && !c.javaScript);
  if (slowNoJs.length) {
    const worst = slowNoJs.map((c) => ({ page: c.page, visible: stat(c.runs.map((r) => r.firstShopVisibleMs)) }));
    judge(
      worst.every((w) => w.visible !== null && w.visible.max <= TARGETS.jsOffShopsVisibleSlow3gMs),
      `JavaScript off on slow3g, every page shows its first shop within ${TARGETS.jsOffShopsVisibleSlow3gMs} ms in every run (slowest: ${worst.map((w) => `${w.page} ${w.visible ? Math.round(w.visible.max) : 'never'}`).join(', ')}).`,
    );
  }
  const firstContent = cases.map((c) => ({ page: c.page, bytes: bytesOf(c, ['document', 'css']) }));
  const heaviest = (page: string) => Math.max(...firstContent.filter((f) => f.page === page).map((f) => f.bytes?.max ?? Infinity));
  const pageNames = [...new Set(cases.map((c) => c.page))];
  judge(
    firstContent.every((f) => f.bytes !== null && f.bytes.max <= TARGETS.documentAndCssKb * 1024),
    `bytes before first content (document + CSS) ≤ ${TARGETS.documentAndCssKb} KB in every run (most: ${pageNames.map((page) => `${page} ${(heaviest(page) / 1024).toFixed(1)}`).join(', ')}).`,
  );
  // Chrome loads lazy images from further away on slow networks, so the heaviest home visit may be on any profile.
  const homes = cases.filter((c) => c.page === 'home' && c.javaScript).map((c) => ({ profile: c.profile, total: bytesOf(c, KINDS) }));
  judge(
    homes.length > 0 && homes.every((h) => h.total !== null && h.total.max <= TARGETS.homeFirstVisitKb * 1024),
    `home page first visit with JavaScript, images included, ≤ ${TARGETS.homeFirstVisitKb} KB in every run (${homes.map((h) => `${h.profile} ${kb(h.total)} KB, most ${h.total ? (h.total.max / 1024).toFixed(1) : 'n/a'}`).join('; ')}).`,
  );
  return { lines, allMet };
}

async function main() {
  const settings = options();
  const report = { date: new Date().toISOString().slice(0, 10), machine: machine(), runs: settings.runs, cases: [] as Case[], verdicts: [] as string[] };
  await buildIfStale();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-pages-'));
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const product = startProduct({
    webPort,
    apiPort,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '' },
    log: () => {},
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  try {
    await product.ready;
    const list = (await (await request(`${product.apiUrl}/shops`)).body.json()) as { sponsored_shops: { id: string }[]; for_you: { id: string }[] };
    const shop = list.sponsored_shops[0] ?? list.for_you[0]!;
    const pages = [
      { page: 'home', path: '/', shopNameSelector: '.shop-card .card-name' },
      { page: 'shop', path: `/shop/${shop.id}`, shopNameSelector: '.shop-summary h1' },
      { page: 'search', path: `/searchResults?q=${SEARCH_WORD}`, shopNameSelector: '.shop-card .card-name' },
    ];
    for (const profile of settings.profiles) {
      for (const page of pages) {
        for (const javaScript of [true, false]) {
          const c: Case = { page: page.page, path: page.path, profile: profile.name, javaScript, runs: [] };
          for (let run = 0; run < settings.runs; run += 1) {
            c.runs.push(await visit(browser, `${product.webUrl}${page.path}`, { profile, javaScript, shopNameSelector: page.shopNameSelector }));
          }
          console.log(`${page.page} ${profile.name} JS ${javaScript ? 'on' : 'off'}: shop visible ${ms(stat(c.runs.map((r) => r.firstShopVisibleMs)))} ms, ${kb(bytesOf(c, KINDS))} KB`);
          report.cases.push(c);
        }
      }
    }
  } finally {
    await browser.close();
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const judged = verdicts(report.cases);
  report.verdicts = judged.lines;
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `pages-${report.date}`);
  await writeFile(`${file}.json`, `${JSON.stringify({ ...report, targets: TARGETS }, null, 2)}\n`);
  await writeFile(`${file}.md`, markdown(report));
  console.log(markdown(report));
  process.exitCode = judged.allMet ? 0 : 1;
}

await main();
