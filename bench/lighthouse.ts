import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#scripts/lib/chromium.ts';
import { buildIfStale, freePort, startProduct } from '#scripts/lib/product.ts';
import { machine } from './lib/report';

/**
 * `npm run bench:lighthouse`: Lighthouse's mobile preset (its default: a phone screen, slow 4G and a
 * 4× slower CPU, simulated) on the home page, a shop, search results and, signed in, create-shop, against
 * the production build on the demo data, through Debian's Chromium.
 */
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 95;

type Page = { page: string; path: string; signedIn?: boolean };
type Scored = Page & { scores: Record<(typeof CATEGORIES)[number], number | null>; shortfalls: string[] };

/** Chromium listening for DevTools on a port of its own choosing, and that port. */
async function startChromium(profile: string): Promise<{ chromium: ChildProcess; port: number }> {
  const chromium = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let said = '';
    chromium.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said);
      if (listening) resolve(Number(listening[1]));
    });
    chromium.once('exit', (code) => reject(new Error(`Chromium ended (${code}) before listening: ${said.slice(-500)}`)));
  });
  return { chromium, port };
}

/** Signs a new person up at the API and in through the web tier's own form; the session cookie. */
async function sessionCookie(apiUrl: string, webUrl: string): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 10);
  const person = { email: `lh${tag}@example.ng`, username: `lh${tag}`, phone_number: '08031234567', password: 'stall-keeper-42' };
  const signedUp = await fetch(`${apiUrl}/auth/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(person) });
  if (signedUp.status !== 201) throw new Error(`sign-up failed: ${signedUp.status}`);
  const signedIn = await fetch(`${webUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
    body: new URLSearchParams({ username_or_email: person.username, password: person.password }),
    redirect: 'manual',
  });
  const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('__kasuwa='));
  if (!cookie) throw new Error(`web sign-in failed: ${signedIn.status}`);
  return cookie.split(';')[0]!;
}

/** What kept a category under the target: its weighted audits that did not pass, worst first. */
function shortfallsOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): string[] {
  const found: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || (category.score ?? 0) * 100 >= TARGET) continue;
    const failing = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 0.9)
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
    found.push(
      `${category.title}: ${failing.map((audit) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`).join('; ') || 'no single audit'}`,
    );
  }
  return found;
}

function markdown(date: string, m: ReturnType<typeof machine>, results: Scored[], version: string): string {
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const score = (value: number | null) => (value === null ? 'n/a' : value >= TARGET ? String(value) : `**${value}**`);
  const met = results.every((result) => CATEGORIES.every((id) => (result.scores[id] ?? 0) >= TARGET));
  return [
    `# Lighthouse, ${date}`,
    '',
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${m.memoryGb} GB, Node ${m.node}, ${m.os}; load average ${m.loadAverageAtStart} at start.`,
    `Lighthouse ${version}, mobile preset (simulated slow 4G, CPU ×4), Debian's Chromium (${CHROMIUM_FLAGS.join(' ')}); production build on the demo data (\`SEED_DEMO=1\`), ` +
      'one run per page. Create shop is signed in (the session cookie as an extra header). Performance depends on how busy the machine is.',
    '',
    row(['Page', 'Path', 'Performance', 'Accessibility', 'Best Practices', 'SEO']),
    row(['---', '---', '---:', '---:', '---:', '---:']),
    ...results.map((result) => row([result.page, `\`${result.path}\``, ...CATEGORIES.map((id) => score(result.scores[id]))])),
    '',
    `${met ? 'met' : 'NOT met'}: ${TARGET} or more in every category on every page.`,
    ...results.flatMap((result) => result.shortfalls.map((line) => `- ${result.page}: ${line}`)),
    '',
  ].join('\n');
}

async function main() {
  const date = new Date().toISOString().slice(0, 10);
  const m = machine();
  await buildIfStale();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-lighthouse-'));
  const profile = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-lighthouse-chromium-'));
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const product = startProduct({
    webPort,
    apiPort,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '' },
    log: () => {},
    // Seeding the demo shops on a busy machine can take minutes.
    readyTimeoutMs: 300_000,
  });
  let chromium: ChildProcess | undefined;
  const results: Scored[] = [];
  let version = '';
  try {
    await product.ready;
    const list = (await (await fetch(`${product.apiUrl}/shops`)).json()) as { sponsored_shops: { id: string }[]; for_you: { id: string }[] };
    const shop = list.sponsored_shops[0] ?? list.for_you[0]!;
    const pages: Page[] = [
      { page: 'home', path: '/' },
      { page: 'shop', path: `/shop/${shop.id}` },
      { page: 'search', path: '/searchResults?q=lagos' },
      { page: 'create shop', path: '/createShop', signedIn: true },
    ];
    const started = await startChromium(profile);
    chromium = started.chromium;
    for (const page of pages) {
      // Signed in just before its page: the idle limit would end an earlier session.
      const extraHeaders = page.signedIn ? { Cookie: await sessionCookie(product.apiUrl, product.webUrl) } : undefined;
      const answer = await lighthouse(`${product.webUrl}${page.path}`, {
        port: started.port,
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        ...(extraHeaders ? { extraHeaders } : {}),
      });
      if (!answer) throw new Error(`Lighthouse gave no result for ${page.path}`);
      const { lhr } = answer;
      version = lhr.lighthouseVersion;
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]));
      const scored: Scored = { ...page, scores: scores as Scored['scores'], shortfalls: shortfallsOf(lhr) };
      console.log(`${page.page}: ${CATEGORIES.map((id) => `${id} ${scored.scores[id]}`).join(', ')}`);
      results.push(scored);
    }
  } finally {
    chromium?.kill();
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(profile, { recursive: true, force: true });
  }
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `lighthouse-${date}`);
  const report = markdown(date, m, results, version);
  await writeFile(`${file}.json`, `${JSON.stringify({ date, machine: m, lighthouse: version, target: TARGET, results }, null, 2)}\n`);
  await writeFile(`${file}.md`, report);
  console.log(report);
  process.exitCode = results.every((result) => CATEGORIES.every((id) => (result.scores[id] ?? 0) >= TARGET)) ? 0 : 1;
}

await main();
