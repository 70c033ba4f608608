import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { LANGUAGES } from '#rules/i18n/languages.ts';
import { DEMO_OWNER } from '#server/db/demo-owner.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium';
import { buildIfStale, freePort, ROOT, startProduct } from './lib/product';

/**
 * `npm run screenshots`: the built product on free ports with fresh demo data, photographed as a 412 px
 * phone sees it, into docs/screenshots/ for the README. WebP, so each stays small enough for the repo.
 */
const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');
const PHONE = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-NG' };

/** Waits until every image in view has arrived, so no placeholder colour is photographed. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  const inView = () => [...document.images].filter((image) => image.getBoundingClientRect().top < window.innerHeight);
  await page.waitForFunction(`(${inView})().every((image) => image.complete && image.naturalWidth > 0)`);
  await page.evaluate(`Promise.all((${inView})().map((image) => image.decode()))`);
}

async function shoot(page: Page, name: string) {
  await settle(page);
  const png = await page.screenshot();
  const file = path.join(OUT_DIR, `${name}.webp`);
  await writeFile(file, await sharp(png).webp({ quality: 70 }).toBuffer());
  console.log(`${path.relative(ROOT, file)}`);
}

const BUYER = { email: 'ngozi.buyer@example.ng', username: 'ngozi_buys', phone_number: '08031234567', password: 'kasuwa-buyer-1' };

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function post(url: string, token: string | null, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A buyer's order request of two of the shop's products, accepted by the demo owner on `ownerPage`: the thread's address. */
async function orderRequestTo(apiUrl: string, shopId: string, ownerPage: Page): Promise<string> {
  const buyer = (await post(`${apiUrl}/auth/users`, null, BUYER)) as { token: { access: string } };
  const products = (await (await fetch(`${apiUrl}/shops/${shopId}/products`)).json()) as { id: string }[];
  await post(`${apiUrl}/shops/${shopId}/messages`, buyer.token.access, { body: 'Good morning! Can I pick these up on Saturday?' });
  const sent = (await post(`${apiUrl}/shops/${shopId}/orders`, buyer.token.access, {
    lines: products.slice(0, 2).map((product, at) => ({ product_id: product.id, quantity: at + 1 })),
    note: 'Saturday morning, please.',
  })) as { thread_id: string };
  const threadPath = `/messages/${sent.thread_id}`;
  await ownerPage.goto(threadPath);
  await ownerPage.getByRole('button', { name: 'Accept' }).click();
  await ownerPage.locator('.order-card').getByText('Status: accepted').waitFor();
  return threadPath;
}

/** The demo owner verifies the shop's number through its page, with the code from the text message outbox. */
async function verifyPhone(ownerPage: Page, shopId: string, dataDir: string) {
  const outbox = path.join(dataDir, 'sms-outbox');
  const before = new Set(await readdir(outbox).catch(() => [] as string[]));
  await ownerPage.goto(`/myShop/${shopId}/phone`);
  await ownerPage.getByRole('button', { name: 'Text me a code' }).click();
  await ownerPage.getByLabel('Code from the text message').waitFor();
  let texted: string | undefined;
  // The API texts from a queue: the file can land a moment after the page.
  for (const started = Date.now(); !texted; ) {
    if (Date.now() - started > 30_000) throw new Error('no code was texted');
    texted = (await readdir(outbox).catch(() => [] as string[])).find((name) => !before.has(name));
    if (!texted) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const code = /code is (\d{6})/.exec(await readFile(path.join(outbox, texted), 'utf8'))![1]!;
  await ownerPage.getByLabel('Code from the text message').fill(code);
  await ownerPage.getByRole('button', { name: 'Verify', exact: true }).click();
  await ownerPage.getByText(/^Done: .* is verified\.$/).waitFor();
}

/** The demo owner matches the shop's bank name; the simulator's accounts are all OBI NGOZI ADA's (README). */
async function matchBank(ownerPage: Page, shopId: string) {
  await ownerPage.goto(`/myShop/${shopId}/bank`);
  await ownerPage.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
  await ownerPage.getByLabel('Account number (10 digits)').fill('0123456789');
  await ownerPage.getByLabel('Your full name').fill('Ada Ngozi Obi');
  await ownerPage.getByRole('button', { name: 'Check the name' }).click();
  await ownerPage.getByText('Matched: the account at Guaranty Trust Bank ending 6789', { exact: false }).waitFor();
}

async function main() {
  await buildIfStale();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-screenshots-'));
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const product = startProduct({
    webPort,
    apiPort,
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATABASE_URL: '', WEB_URL: `http://localhost:${webPort}` },
    log: () => {},
    // The first start seeds the demo's photos, which a busy machine takes minutes over.
    readyTimeoutMs: 300_000,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    await product.ready;
    await mkdir(OUT_DIR, { recursive: true });
    const context = await browser.newContext({ ...PHONE, baseURL: product.webUrl });
    const page = await context.newPage();

    await page.goto('/');
    await shoot(page, 'home');

    // The home page on a 360 px phone in each language (docs/languages.md).
    const narrow = await browser.newContext({ ...PHONE, viewport: { width: 360, height: 800 }, baseURL: product.webUrl });
    const narrowPage = await narrow.newPage();
    for (const language of LANGUAGES) {
      await narrowPage.goto(`/?lang=${language}`);
      await shoot(narrowPage, `home-360-${language}`);
    }

    const shopPath = await page.locator('.shop-card a').first().getAttribute('href');
    await page.goto(shopPath!);
    await shoot(page, 'shop');

    await page.goto('/login');
    await page.getByLabel('Username or email').fill(DEMO_OWNER.username);
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${shopPath}/add-products`);
    await shoot(page, 'add-products');

    await verifyPhone(page, shopPath!.split('/').pop()!, dataDir);
    await matchBank(page, shopPath!.split('/').pop()!);
    await narrowPage.goto(shopPath!);
    await shoot(narrowPage, 'shop-verified-360');

    const threadPath = await orderRequestTo(product.apiUrl, shopPath!.split('/').pop()!, page);
    const buyerPage = await narrow.newPage();
    await signIn(buyerPage, BUYER.username, BUYER.password);
    await buyerPage.goto(threadPath);
    await buyerPage.locator('.order-card').scrollIntoViewIfNeeded();
    await shoot(buyerPage, 'thread-order');
  } finally {
    await browser.close();
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
