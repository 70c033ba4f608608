import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { test as base, inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#scripts/lib/chromium.ts';
import { type JsMode, jsModeFrom } from './js-mode';

export const jsMode: JsMode = jsModeFrom(process.env.E2E_JS);

/**
 * `test` with one Chromium and one browser context for the whole run (JavaScript on or off as `E2E_JS`
 * says), whose relative URLs go to the web tier. Each test starts from a clean slate: no cookies,
 * permissions, routes or cached pages, and its pages are closed after it. Sharing is what makes this
 * cheap: a new Chromium and a new context's first page cost far more CPU than a page in one already open.
 */
export const test = base.extend<{
  $worker: { browser: Browser; sharedContext: BrowserContext };
  $test: { context: BrowserContext; page: Page; webUrl: string; apiUrl: string };
}>({
  browser: [
    async ({}, use) => {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  sharedContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: inject('webUrl'), javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  webUrl: async ({}, use) => use(inject('webUrl')),
  apiUrl: async ({}, use) => use(inject('apiUrl')),
  context: async ({ sharedContext }, use) => {
    await use(sharedContext);
    await Promise.all(sharedContext.pages().map((page) => page.close()));
    await sharedContext.unrouteAll({ behavior: 'ignoreErrors' });
    await sharedContext.clearCookies();
    await sharedContext.clearPermissions();
  },
  page: async ({ context }, use) => {
    const page = await context.newPage();
    // Public pages may be kept 30 s: a page an earlier test loaded must not stand in for this test's.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.clearBrowserCache');
    await devtools.detach();
    await use(page);
  },
});

/**
 * For tests that send plain HTTP requests and open no page: what they check does not depend on the
 * browser's JavaScript, so they run in one of the two runs only, the one without JavaScript (the shorter).
 */
export const plainHttp = jsMode === 'off';

export { expect } from 'vitest';
