import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { buildWebIfStale, freePort, startProduct } from '../scripts/lib/product';
import { machine } from './lib/report';

/**
 * Page-weight budgets of issue 3, on the demo data: what a phone downloads for each public page,
 * compressed as the server sends it, and whether the first content is in the HTML (no JavaScript needed).
 */
const BUDGETS = { documentKb: 30, cssKb: 15 };
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

async function download(url: string): Promise<{ status: number; bytes: number; text: string; type: string }> {
  const response = await request(url, { headers: { 'accept-encoding': 'gzip' } });
  const raw = Buffer.from(await response.body.arrayBuffer());
  const encoding = response.headers['content-encoding'];
  const text = (encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  return { status: response.statusCode, bytes: raw.length, text, type: String(response.headers['content-type'] ?? '') };
}

function assetUrls(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

async function measurePage(webUrl: string, pagePath: string, firstShopName: string) {
  const page = await download(`${webUrl}${pagePath}`);
  const css = assetUrls(page.text, /<link[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g);
  const js = [...new Set([...assetUrls(page.text, /<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g), ...assetUrls(page.text, /import\("([^"]+)"\)/g)])];
  const sizes = async (urls: string[]) => (await Promise.all(urls.map((url) => download(`${webUrl}${url}`)))).reduce((sum, asset) => sum + asset.bytes, 0);
  return {
    path: pagePath,
    status: page.status,
    documentKb: page.bytes / 1024,
    documentRawKb: Buffer.byteLength(page.text) / 1024,
    cssKb: (await sizes(css)) / 1024,
    jsKb: (await sizes(js)) / 1024,
    cards: (page.text.match(/class="shop-card"/g) ?? []).length,
    contentWithoutJs: page.text.includes(firstShopName.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')),
  };
}

async function main() {
  await buildWebIfStale();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-bench-pages-'));
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const product = startProduct({
    webPort,
    apiPort,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '' },
    log: () => {},
  });
  try {
    await product.ready;
    const list = (await (await request(`${product.apiUrl}/shops`)).body.json()) as { sponsored_shops: { id: string; name: string }[]; for_you: { name: string }[] };
    const first = list.sponsored_shops[0] ?? list.for_you[0]!;
    const shop = list.sponsored_shops[0]!;
    const pages = [
      await measurePage(product.webUrl, '/', first.name),
      await measurePage(product.webUrl, '/searchResults?q=lagos', first.name),
      await measurePage(product.webUrl, `/shop/${shop.id}`, shop.name),
    ];
    const date = new Date().toISOString().slice(0, 10);
    const lines = [
      `# Page weight, ${date}`,
      '',
      `Demo data (31 shops), production build, gzip as served. Budgets: document ≤ ${BUDGETS.documentKb} KB, CSS ≤ ${BUDGETS.cssKb} KB (compressed).`,
      `Machine: ${JSON.stringify(machine())}`,
      '',
      '| Page | Status | Cards | Document KB (gz) | Document KB (raw) | CSS KB (gz) | JS KB (gz) | Shops in HTML without JS |',
      '|---|--:|--:|--:|--:|--:|--:|---|',
      ...pages.map(
        (p) =>
          `| \`${p.path.replace(/[0-9a-f-]{36}/, '{id}')}\` | ${p.status} | ${p.cards} | ${p.documentKb.toFixed(1)} | ${p.documentRawKb.toFixed(1)} | ${p.cssKb.toFixed(1)} | ${p.jsKb.toFixed(1)} | ${p.contentWithoutJs ? 'yes' : 'NO'} |`,
      ),
    ];
    const overBudget = pages.filter((p) => p.documentKb > BUDGETS.documentKb || p.cssKb > BUDGETS.cssKb || !p.contentWithoutJs);
    lines.push('', overBudget.length ? `Over budget: ${overBudget.map((p) => p.path).join(', ')}` : 'All pages within budget.');
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(path.join(RESULTS_DIR, `pages-${date}.json`), JSON.stringify({ date, machine: machine(), budgets: BUDGETS, pages }, null, 2));
    await writeFile(path.join(RESULTS_DIR, `pages-${date}.md`), `${lines.join('\n')}\n`);
    console.log(lines.join('\n'));
    process.exitCode = overBudget.length ? 1 : 0;
  } finally {
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
