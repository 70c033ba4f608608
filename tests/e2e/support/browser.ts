import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { test as base, inject } from 'vitest';
import { type JsMode, jsModeFrom } from './js-mode';

export const jsMode: JsMode = jsModeFrom(process.env.E2E_JS);

// Without the background-networking flags Chromium keeps dialling Google's hosts, which this closed network refuses.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `test` with a Chromium per file and, per test, a fresh context (JavaScript on or off as `E2E_JS` says)
 * whose relative URLs go to the web tier. Playwright gives every launch a new empty user-data-dir.
 */
export const test = base.extend<{
  $file: { browser: Browser };
  $test: { context: BrowserContext; page: Page; webUrl: string; apiUrl: string };
}>({
  browser: [
    async ({}, use) => {
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  webUrl: async ({}, use) => use(inject('webUrl')),
  apiUrl: async ({}, use) => use(inject('apiUrl')),
  context: async ({ browser, webUrl }, use) => {
    const context = await browser.newContext({ baseURL: webUrl, javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
    await use(context);
    await context.close();
  },
  page: async ({ context }, use) => {
    const page = await context.newPage();
    await use(page);
  },
});

/**
 * For tests that send plain HTTP requests and open no page: what they check does not depend on the
 * browser's JavaScript, so they run in one of the two runs only, the one without JavaScript (the shorter).
 */
export const plainHttp = jsMode === 'off';

export { expect } from 'vitest';
