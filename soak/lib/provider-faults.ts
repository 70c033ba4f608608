import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADD_PRODUCTS_BUDGET, READ_BUDGET, UPLOAD_BUDGET, WRITE_BUDGET } from '#app/lib/provider/time-budgets.ts';
import { MSG } from '#rules/messages.ts';
import { buildIfStale, freePort, type LogLine, startProduct } from '#scripts/lib/product.ts';
import { Browser, mediaPathsIn, type Page, shopIdsIn, textOf } from './browser';
import type { Photo } from './photos';
import { type ProxyMode, startProviderProxy } from './provider-proxy';
import { Recorder } from './recorder';

type ProviderCheck = { mode: string; name: string; status: number | null; ms: number; budgetMs: number; shows: string; problem: string | null };
export type ProviderReport = { slowDelayMs: number; checks: ProviderCheck[] };

// The web tier's own limits (docs/product.md §9 among them), and what we allow on top.
const READ_MS = READ_BUDGET.totalMs;
const WRITE_MS = WRITE_BUDGET.totalMs;
const UPLOAD_MS = UPLOAD_BUDGET.totalMs;
const UPLOAD_ANSWER_MS = UPLOAD_BUDGET.answerMs;
const ADD_PRODUCTS_MS = ADD_PRODUCTS_BUDGET.totalMs;
const MARGIN_MS = 3_000;
const SLOW_DELAY_MS = 3_000;

/** What a page may rightly show: one of these texts, with one of these statuses. */
type Accept = { texts: string[]; status?: number[] };

function judge(page: Page, accept: Accept): { shows: string; problem: string | null } {
  const text = textOf(page.html);
  const shown = accept.texts.find((wanted) => text.includes(wanted));
  const shows = shown
    ? `"${shown.trim()}"`
    : `nothing expected (${text
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(0, 80)}…)`;
  if (!/<html/i.test(page.html)) return { shows, problem: `answered ${page.status} without a page` };
  if (!shown) return { shows, problem: 'none of the expected messages' };
  if (accept.status && !accept.status.includes(page.status)) return { shows, problem: `status ${page.status}, expected ${accept.status.join(' or ')}` };
  return { shows, problem: null };
}

function shopForm(name: string, photo: Photo): FormData {
  const form = new FormData();
  form.set('name', name);
  form.set('address', '7 Marina Road, Lagos Island');
  form.set('state', 'Lagos');
  form.set('category', 'Food');
  form.set('description', 'Suya and fresh pepper soup every evening.');
  form.set('image', new Blob([new Uint8Array(photo.data)], { type: 'image/jpeg' }), photo.name);
  return form;
}

function productsForm(label: string, photo: Photo): FormData {
  const form = new FormData();
  form.set('products[0].name', `${label} suya`);
  form.set('products[0].price', '1500');
  form.set('products[0].image', new Blob([new Uint8Array(photo.data)], { type: 'image/jpeg' }), photo.name);
  return form;
}

/**
 * The whole product with PROVIDER_URL pointing at a proxy in front of the API, then the proxy stopped,
 * hanging and slow: public pages, login and owner actions must answer with the words of docs/product.md §8 within the
 * web tier's timeouts — never hang, never a bare 500 — and, when merely slow, work.
 */
export async function providerFaults(photos: Photo[]): Promise<ProviderReport> {
  await buildIfStale();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-soak-provider-'));
  const logStream = createWriteStream(path.join(dataDir, 'servers.log'));
  const log: LogLine = (tier, line) => logStream.write(`[${tier}] ${line}\n`);
  const [webPort, apiPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const proxy = await startProviderProxy(proxyPort, apiPort);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DATABASE_URL: '',
    PROVIDER_URL: proxy.url,
    // The hanging checks take minutes; the owner must not be signed out for idling meanwhile.
    SESSION_IDLE_MINUTES: '60',
    // Public pages are otherwise shared for a few seconds: these checks are about what the pages say
    // when the provider fails, not about a copy made while it answered.
    PUBLIC_CACHE_SECONDS: '0',
  };
  delete env.WEB_URL;
  const product = startProduct({ webPort, apiPort, env, log });
  process.once('exit', () => product.kill());
  const report: ProviderReport = { slowDelayMs: SLOW_DELAY_MS, checks: [] };
  try {
    await product.ready;
    const recorder = new Recorder();
    const browser = () => new Browser(product.webUrl, recorder, UPLOAD_MS + 30_000);

    // While the provider answers: an owner with a shop, and a public shop and image to ask for later.
    const owner = browser();
    const username = `prov${Date.now().toString(36)}`;
    const password = 'soak-secret-1';
    const signup = await owner.visit('/signup', new URLSearchParams({ email: `${username}@example.ng`, username, phone_number: '08031234567', password }));
    if (signup.url !== '/') throw new Error(`sign-up through the web tier failed (${signup.status})`);
    const created = await owner.visit('/createShop', shopForm('Provider fault shop', photos[0]!));
    if (!textOf(created.html).includes(MSG.shopCreated)) throw new Error(`creating the shop failed (${created.status})`);
    const mine = await owner.visit('/myShop');
    const ownShopId = /\/editShop\/([0-9a-f-]{36})\/edit-shop/.exec(mine.html)?.[1];
    const home = await browser().visit('/');
    const publicShopId = shopIdsIn(home.html)[0];
    const mediaPath = mediaPathsIn(home.html)[0];
    if (!ownShopId || !publicShopId || !mediaPath) throw new Error('no shop or image to check against');

    const check = async (mode: string, name: string, budgetMs: number, visit: () => Promise<Page>, accept: Accept) => {
      const started = performance.now();
      let result: ProviderCheck;
      try {
        const page = await visit();
        const ms = Math.round(performance.now() - started);
        const { shows, problem } = judge(page, accept);
        result = { mode, name, status: page.status, ms, budgetMs, shows, problem: ms > budgetMs ? `took ${ms} ms, more than ${budgetMs}` : problem };
      } catch (error) {
        const ms = Math.round(performance.now() - started);
        result = { mode, name, status: null, ms, budgetMs, shows: 'nothing', problem: `no answer: ${String((error as Error).cause ?? error)}` };
      }
      report.checks.push(result);
      console.log(`  ${mode} ${name}: ${result.status ?? 'none'} in ${result.ms} ms, ${result.problem ?? 'ok'}`);
    };
    const media = async (mode: string, budgetMs: number, expectOk: boolean) => {
      const started = performance.now();
      let status: number | null = null;
      let problem: string | null = null;
      try {
        const response = await fetch(`${product.webUrl}${mediaPath}`, { signal: AbortSignal.timeout(budgetMs + 30_000) });
        status = response.status;
        await response.arrayBuffer();
        if (status !== (expectOk ? 200 : 503)) problem = `answered ${status}`;
      } catch (error) {
        problem = `no answer: ${String((error as Error).cause ?? error)}`;
      }
      const ms = Math.round(performance.now() - started);
      if (!problem && ms > budgetMs) problem = `took ${ms} ms, more than ${budgetMs}`;
      report.checks.push({ mode, name: 'GET a photo (/media/…)', status, ms, budgetMs, shows: status === 200 ? 'the photo' : 'no photo', problem });
    };

    const failing = async (label: string, mode: ProxyMode, budget: (ms: number) => number) => {
      await proxy.setMode(mode);
      const visitor = browser();
      const publicPage = { status: [503] };
      await check(label, 'GET /', budget(READ_MS), () => visitor.visit('/'), { texts: [MSG.networkOrUnexpected], ...publicPage });
      await check(label, 'GET /searchResults?q=rice', budget(READ_MS), () => visitor.visit('/searchResults?q=rice'), {
        texts: [MSG.networkOrUnexpected],
        ...publicPage,
      });
      await check(label, 'GET /shop/{id}', budget(READ_MS), () => visitor.visit(`/shop/${publicShopId}`), { texts: [MSG.shopLoadFailed], ...publicPage });
      await media(label, budget(READ_MS), false);
      await check(label, 'POST /login', budget(WRITE_MS), () => browser().visit('/login', new URLSearchParams({ username_or_email: username, password })), {
        texts: [MSG.networkOrUnexpected],
      });
      await check(
        label,
        'POST /signup',
        budget(WRITE_MS),
        () =>
          browser().visit(
            '/signup',
            new URLSearchParams({ email: `x${username}@example.ng`, username: `x${username}`, phone_number: '08031234567', password }),
          ),
        {
          texts: [MSG.networkOrUnexpected],
        },
      );
      await check(label, 'GET /myShop', budget(READ_MS), () => owner.visit('/myShop'), { texts: [MSG.couldNotFetchShops] });
      // The photo goes on at once to a provider that takes it: what it waits for is the answer.
      await check(label, 'POST /createShop', budget(UPLOAD_ANSWER_MS), () => owner.visit('/createShop', shopForm(`${label} shop`, photos[0]!)), {
        texts: [MSG.createShopFailed + (mode.kind === 'hang' ? MSG.requestTimedOut : MSG.networkError)],
      });
      await check(label, 'POST add products', budget(READ_MS), () => owner.visit(`/shop/${ownShopId}/add-products`, productsForm(label, photos[0]!)), {
        // The page first checks the shop is the owner's: with no provider that check is what fails.
        texts: [MSG.shopLoadFailed],
      });
    };

    await failing('down', { kind: 'down' }, () => 5_000);
    await failing('hang', { kind: 'hang' }, (timeoutMs) => timeoutMs + MARGIN_MS);

    await proxy.setMode({ kind: 'hang', hangOnly: (method, url) => method === 'POST' && url.includes('/batch-create') });
    await check(
      'hang on batch-create only',
      'POST add products',
      ADD_PRODUCTS_MS + MARGIN_MS,
      () => owner.visit(`/shop/${ownShopId}/add-products`, productsForm('hang', photos[0]!)),
      {
        texts: [MSG.addProductsFailed + MSG.requestTimedOut],
      },
    );

    // Slow but within every timeout: everything works, only later.
    await proxy.setMode({ kind: 'slow', delayMs: SLOW_DELAY_MS });
    const slowBudget = (calls: number, timeoutMs = 0) => calls * SLOW_DELAY_MS + timeoutMs + MARGIN_MS;
    const visitor = browser();
    await check('slow', 'GET /', slowBudget(3), () => visitor.visit('/'), { texts: ['Provider fault shop'], status: [200] });
    await check('slow', 'GET /shop/{id}', slowBudget(3), () => visitor.visit(`/shop/${ownShopId}`), { texts: ['Provider fault shop'], status: [200] });
    await media('slow', slowBudget(1), true);
    await check('slow', 'POST /login', slowBudget(2), () => browser().visit('/login', new URLSearchParams({ username_or_email: username, password })), {
      // Signed in: the header offers Logout.
      texts: ['Logout'],
      status: [200],
    });
    await check('slow', 'GET /myShop', slowBudget(2), () => owner.visit('/myShop'), { texts: ['Provider fault shop'], status: [200] });
    await check('slow', 'POST /createShop', slowBudget(2, 5_000), () => owner.visit('/createShop', shopForm('Slow shop', photos[1]!)), {
      texts: [MSG.shopCreated],
      status: [200],
    });
    await check('slow', 'POST add products', slowBudget(4, 5_000), () => owner.visit(`/shop/${ownShopId}/add-products`, productsForm('slow', photos[1]!)), {
      texts: [MSG.productsAdded],
      status: [200],
    });
    await proxy.setMode({ kind: 'pass' });
    return report;
  } finally {
    await product.stop();
    await proxy.close();
    logStream.end();
    if (report.checks.every((check) => !check.problem)) await rm(dataDir, { recursive: true, force: true });
    else console.log(`  servers' logs kept in ${dataDir}`);
  }
}
