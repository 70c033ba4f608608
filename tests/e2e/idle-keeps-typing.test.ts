import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { freePort, type RunningProduct, startProduct } from '#scripts/lib/product.ts';
import { signIn } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { testProductEnv } from './support/global-setup';
import { whenInteractive } from './support/hydration';
import { newOwner, shopAtApi } from './support/owners';

describe(`typed text outlives the idle sign-out (JavaScript ${jsMode})`, () => {
  // Its own product, signing out after 3 seconds; the shared one keeps the 5-minute limit.
  const IDLE_SECONDS = 3;
  let product: RunningProduct;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-e2e-kept-'));
    const webPort = await freePort();
    let apiPort = await freePort();
    while (apiPort === webPort) apiPort = await freePort();
    const env = testProductEnv({
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      WEB_URL: `http://localhost:${webPort}`,
      SESSION_IDLE_MINUTES: String(IDLE_SECONDS / 60),
      WEB_WORKERS: '1',
    });
    product = startProduct({ webPort, apiPort, env, log: () => {}, readyTimeoutMs: 90_000 });
    await product.ready;
  });

  afterAll(async () => {
    await product?.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  test(
    jsMode === 'on'
      ? 'text typed on Edit Shop when the idle limit signs out is back on the form after signing in again'
      : 'text posted from Edit Shop after the idle limit is back on the form after signing in again',
    async ({ browser }) => {
      const context = await browser.newContext({ baseURL: product.webUrl, javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
      const page = await context.newPage();
      const owner = await newOwner(product.apiUrl);
      const shop = await shopAtApi(product.apiUrl, owner);
      await signIn(page, owner.username, owner.password);
      await page.waitForURL((url) => url.pathname === '/');
      const formPath = `/editShop/${shop.id}/edit-shop`;
      await page.goto(formPath);
      await whenInteractive(page, '#edit-shop');
      const words = 'Rice, beans and garri by the bag. Palm oil in 5 and 25 litre kegs, fresh every Monday.';
      await page.getByLabel('Description').fill(words);

      if (jsMode === 'off') {
        await page.waitForTimeout(IDLE_SECONDS * 1100 + 500);
        await page.getByRole('button', { name: 'Save changes' }).click();
      }
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === formPath, { timeout: IDLE_SECONDS * 1000 * 4 });
      expect(await page.getByText(MSG.typedTextKept).isVisible()).toBe(true);
      await page.getByRole('dialog', { name: MSG.sessionExpiredTitle }).getByRole('button', { name: 'OK' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('expired') === null);
      await whenInteractive(page, '#login');
      await page.getByLabel('Username or email').fill(owner.username);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();

      await page.waitForURL((url) => url.pathname === formPath);
      await whenInteractive(page, '#edit-shop');
      expect(await page.getByLabel('Description').inputValue()).toBe(words);
      const saved = (await (await fetch(`${product.apiUrl}/shops/${shop.id}`)).json()) as { description: string };
      expect(saved.description).toBe('Rice, beans and garri by the bag.');
      // Once back, the kept text is spent: a reload shows what is saved.
      await page.reload();
      await whenInteractive(page, '#edit-shop');
      expect(await page.getByLabel('Description').inputValue()).toBe('Rice, beans and garri by the bag.');
      await context.close();
    },
  );
});
