import type { Page } from 'playwright-core';
import { Agent, fetch as fetchVia } from 'undici';
import { describe, inject } from 'vitest';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { newOwner, shopAtApi } from './support/owners';

/** What in the page would fetch or run a script: script elements of any kind, and modulepreload links (held or not). */
function scriptsIn(page: Page) {
  return page.locator('script, link[rel="modulepreload"], link[rel="later-preload"]').count();
}

/** Every photo `page` asks for from /media, by path. */
function photosAskedFor(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

/** A mark that survives only while the same document stays. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { kasuwaEarlierDocument: true }));

/** The shop's photo as the page offers it: each <source>'s candidates. */
const offeredPhotos = (page: Page) => page.locator('.shop-photo source').evaluateAll((sources) => sources.map((source) => source.getAttribute('srcset')));

describe(`Lite mode (JavaScript ${jsMode})`, () => {
  test('a browser that asks to save data gets the shop page without any script and with the smallest photos, and can turn Lite mode off', async ({
    page,
    apiUrl,
  }) => {
    const shop = await shopAtApi(apiUrl, await newOwner(apiUrl));
    await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    const photos = photosAskedFor(page);
    await page.goto(`/shop/${shop.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(shop.name);

    expect(await scriptsIn(page)).toBe(0);
    expect(await page.evaluate(() => 'reactRouterManifest' in window || '__reactRouterContext' in window)).toBe(false);
    expect(await page.getByRole('link', { name: 'Lite mode' }).isVisible()).toBe(true);
    expect(await offeredPhotos(page)).toEqual([expect.stringMatching(/\/w320\.avif 320w$/), expect.stringMatching(/\/w320\.webp 320w$/)]);
    await expect.poll(() => photos.length).toBeGreaterThan(0);
    expect(photos.every((photo) => /\/w320\.(avif|webp)$/.test(photo))).toBe(true);

    // The visitor's own choice outranks the browser's data saver.
    await page.locator('.site-footer').getByRole('button', { name: 'Turn off Lite mode' }).click();
    await page.waitForURL(`**/shop/${shop.id}`);
    await expect.poll(() => scriptsIn(page)).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Lite mode' }).count()).toBe(0);
    expect(await offeredPhotos(page)).toEqual([expect.stringContaining('w640.avif 640w'), expect.stringContaining('w640.webp 640w')]);
  });

  test('Lite mode turned on from the menu is remembered from page to page, and turned off from the footer', async ({ page, webUrl }) => {
    await page.goto('/searchResults?q=lagos');
    expect(await scriptsIn(page)).toBeGreaterThan(0);
    await page.getByLabel('Menu', { exact: true }).click();
    await page.locator('details.menu').getByRole('button', { name: 'Lite mode (saves data)' }).click();
    await page.waitForURL('**/searchResults?q=lagos');
    await expect.poll(() => page.getByRole('link', { name: 'Lite mode' }).count()).toBe(1);
    expect(await scriptsIn(page)).toBe(0);
    const cards = page.locator('.shop-grid source');
    expect(await cards.count()).toBeGreaterThan(0);
    // One candidate each, the smallest copy: `… 320w`, or the only copy a small photo has.
    expect((await cards.evaluateAll((sources) => sources.map((source) => source.getAttribute('srcset')))).every((set) => !set?.includes(','))).toBe(true);

    await page.goto('/');
    expect(await scriptsIn(page)).toBe(0);
    // Past the first row, cards show their photo's colour only.
    expect(await page.locator('.shop-grid .shop-card').count()).toBeGreaterThan(4);
    expect(await page.locator('.shop-grid picture').count()).toBe(2);
    expect(await page.locator('.shop-grid .later-photo').count()).toBe(0);
    expect((await page.context().cookies(webUrl)).find((cookie) => cookie.name === 'kasuwa_lite')?.value).toBe('on');

    await page.locator('.site-footer').getByRole('button', { name: 'Turn off Lite mode' }).click();
    await expect.poll(() => scriptsIn(page)).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/searchResults?q=lagos');
    expect(await scriptsIn(page)).toBeGreaterThan(0);
  });
});

/** Two requests in a row over one connection, so the second is answered from the shared cache if anything is. */
async function twice(url: string, headers: Record<string, string> = {}) {
  const connection = new Agent({ connections: 1 });
  try {
    await (await fetchVia(url, { headers, dispatcher: connection })).arrayBuffer();
    const second = await fetchVia(url, { headers, dispatcher: connection });
    return { cache: second.headers.get('x-kasuwa-cache'), vary: second.headers.get('vary') ?? '', html: await second.text() };
  } finally {
    void connection.close();
  }
}

describe(`Lite mode beside a half-filled form (JavaScript ${jsMode})`, () => {
  test(
    jsMode === 'on'
      ? 'turning Lite mode on while a form holds typed text keeps the page and the text; it starts on the next page'
      : 'a page with a form offers no switch that would reload it; a page without one does',
    async ({ page, context }) => {
      await page.goto('/signup');
      await whenInteractive(page, '#signup');
      await page.getByLabel('Username').fill('mama_put_ikeja');
      const footer = page.locator('.site-footer');
      if (jsMode === 'off') {
        expect(await footer.getByRole('button', { name: 'Lite mode (saves data)' }).count()).toBe(0);
        expect(await footer.getByText('Lite mode can be turned on from any page without a form').isVisible()).toBe(true);
        await page.goto('/');
        expect(await footer.getByRole('button', { name: 'Lite mode (saves data)' }).isVisible()).toBe(true);
        return;
      }
      await markDocument(page);
      await footer.getByRole('button', { name: 'Lite mode (saves data)' }).click();
      await footer.getByText('Lite mode starts on the next page, so what you typed here stays.').waitFor();
      expect(await page.getByLabel('Username').inputValue()).toBe('mama_put_ikeja');
      expect(await page.evaluate(() => 'kasuwaEarlierDocument' in window)).toBe(true);
      expect((await context.cookies()).find((cookie) => cookie.name === 'kasuwa_lite')?.value).toBe('on');
    },
  );
});

describe.runIf(plainHttp)(`Lite mode and the shared page memory (run with JavaScript ${jsMode})`, () => {
  test('anonymous visitors share Lite and full pages apart, each told the page varies with Save-Data', async () => {
    const home = `${inject('webUrl')}/`;
    const full = await twice(home);
    const lite = await twice(home, { 'save-data': 'on' });
    const switchedOn = await twice(home, { cookie: 'kasuwa_lite=on' });
    const switchedOff = await twice(home, { 'save-data': 'on', cookie: 'kasuwa_lite=off' });

    for (const answer of [full, lite, switchedOn, switchedOff]) {
      expect(answer.cache).toBe('hit');
      expect(answer.vary).toMatch(/Save-Data/i);
    }
    expect(full.html).toContain('rel="later-preload"');
    expect(switchedOff.html).toContain('rel="later-preload"');
    expect(lite.html).not.toContain('<script');
    expect(switchedOn.html).not.toContain('<script');
  });
});
