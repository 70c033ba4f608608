import http from 'node:http';
import { describe } from 'vitest';
import { priceInNaira } from '#rules/naira.ts';
import { expect, jsMode, test } from './support/browser';
import { holdScripts, isHydrated, whenInteractive } from './support/hydration';

describe(`browsing and searching shops (JavaScript ${jsMode})`, () => {
  test('the For You grid shows the sponsored shops first with a Sponsored badge, each card opening its shop', async ({ page, apiUrl }) => {
    // Other test files sponsor and add shops in the same product: page 1 holds what the provider says.
    type Listed = { name: string; lowest_price: number | null };
    const firstPage = (await (await fetch(`${apiUrl}/shops`)).json()) as { sponsored_shops: unknown[]; for_you: Listed[] };
    const sponsored = firstPage.sponsored_shops.length;
    expect(sponsored).toBeGreaterThanOrEqual(2);
    expect(firstPage.for_you.length).toBe(24);
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Shops for you' }).getByRole('listitem');
    expect(await cards.count()).toBe(sponsored + 24);
    // What a card shows: a card drawn past the first screen also holds its photo's CSS rule as text.
    const texts = await cards.allInnerTexts();
    expect(texts.slice(0, sponsored).every((text) => text.startsWith('Sponsored'))).toBe(true);
    expect(texts.slice(sponsored).some((text) => text.startsWith('Sponsored'))).toBe(false);
    // Each card says what its cheapest product costs, when it has products.
    const priced = firstPage.for_you.filter((shop) => shop.lowest_price !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const shop of priced) expect(texts.find((text) => text.includes(shop.name))).toContain(`from ${priceInNaira(shop.lowest_price!)}`);
    const href = await cards.nth(0).getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/shop\/[0-9a-f-]{36}$/);
    // Photos come through the site itself and really arrive.
    const photo = cards.nth(0).locator('img');
    await photo.scrollIntoViewIfNeeded();
    expect(await photo.getAttribute('src')).toMatch(/^\/media\/shops\//);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // A tap opens the shop; with JavaScript as a client-side navigation (its data only, no new document).
    await whenInteractive(page, 'ul.shop-grid');
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    const name = (await cards.nth(0).locator('.card-name').textContent()) ?? '';
    await cards.nth(0).getByRole('link').click();
    await page.waitForURL(`**${href}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    expect(documents).toEqual(jsMode === 'on' ? [] : [href]);
  });

  test('more shops come through a plain link to the next page', async ({ page, apiUrl }) => {
    // Other test files add shops to the same product, so page 2 holds what the provider says it holds.
    const secondPage = (await (await fetch(`${apiUrl}/shops?page=2`)).json()) as { for_you: { name: string }[] };
    await page.goto('/');
    await page.getByRole('link', { name: 'More shops' }).click();
    await page.waitForURL('**/?page=2');
    // With JavaScript the address changes a moment before the new page renders.
    await page.getByRole('link', { name: 'Previous page' }).waitFor();
    const cards = page.getByRole('list', { name: 'Shops for you' }).getByRole('listitem');
    expect(secondPage.for_you.length).toBeGreaterThan(0);
    expect((await cards.allTextContents()).map((text) => secondPage.for_you.some((shop) => text.includes(shop.name)))).toEqual(
      secondPage.for_you.map(() => true),
    );
    expect(await page.getByText('Sponsored', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/');
  });

  test('the header search finds shops by a product name and shows a breadcrumb', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Search', { exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search shops' }).fill('charger');
    if (jsMode === 'on') {
      const suggestions = page.getByRole('list', { name: 'Suggestions' });
      await suggestions.waitFor();
      const items = await suggestions.getByRole('listitem').allTextContents();
      expect(items.length).toBeLessThanOrEqual(6);
      expect(items.at(-1)).toBe('View all results');
      expect(items.some((text) => /Phones/.test(text))).toBe(true);
    }
    await page.getByRole('search', { name: 'Search shops' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/searchResults?q=charger');
    await page.getByRole('heading', { level: 1, name: 'Results for “charger”' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toMatch(/Home.*Search.*charger/);
    const names = await page.getByRole('list', { name: 'Search results' }).getByRole('listitem').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((text) => text.includes('Otigba Phones & Gadgets'))).toBe(true);
  });

  test.runIf(jsMode === 'on')('search opened and typed in before the scripts arrive stays open, keeps the words and then suggests', async ({ page }) => {
    const releaseScripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Search', { exact: true }).click();
    const box = page.getByRole('searchbox', { name: 'Search shops' });
    await box.fill('charger');
    expect(await isHydrated(page, '#site-search')).toBe(false);
    releaseScripts();
    await whenInteractive(page, '#site-search');
    await page.getByRole('list', { name: 'Suggestions' }).waitFor();
    expect(await box.isVisible()).toBe(true);
    expect(await box.inputValue()).toBe('charger');
  });

  test('the home page opens with a search field that finds shops, suggesting them as one types when JavaScript runs', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Find a shop' });
    expect(await box.isVisible()).toBe(true);
    if (jsMode === 'on') await whenInteractive(page, '#home-search');
    await box.fill('charger');
    if (jsMode === 'on') {
      const suggestions = page.getByRole('main').getByRole('list', { name: 'Suggestions' });
      await suggestions.waitFor();
      expect(await suggestions.getByRole('listitem').last().textContent()).toBe('View all results');
    }
    await page.getByRole('search', { name: 'Find a shop' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/searchResults?q=charger');
    await page.getByRole('heading', { level: 1, name: 'Results for “charger”' }).waitFor();
    const names = await page.getByRole('list', { name: 'Search results' }).getByRole('listitem').allTextContents();
    expect(names.some((text) => text.includes('Otigba Phones & Gadgets'))).toBe(true);
  });

  test('the home page’s category chips are the most used categories, the others one tap away, each opening its shops', async ({ page, apiUrl }) => {
    const allCategories = async () =>
      ((await (await fetch(`${apiUrl}/categories`)).json()) as { categories: { name: string }[] }).categories.map((c) => c.name);
    const chips = page.getByRole('navigation', { name: 'Categories' }).getByRole('link');
    // Other test files add shops meanwhile, and the site shares the list for a few seconds: the two agree once it renews.
    await expect
      .poll(async () => {
        await page.goto('/');
        const shown = JSON.stringify(await chips.allTextContents()) === JSON.stringify((await allCategories()).slice(0, 8));
        await page.getByText(/^More categories/).click();
        return shown && JSON.stringify(await chips.allTextContents()) === JSON.stringify(await allCategories());
      })
      .toBe(true);
    const first = (await chips.first().textContent())!;
    await chips.first().click();
    await page.waitForURL(`**/searchResults?category=${encodeURIComponent(first)}`);
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
    const metas = await page.locator('.shop-card .card-meta').allTextContents();
    expect(metas.length).toBeGreaterThan(0);
    expect(metas.every((text) => text.toLowerCase().startsWith(first.toLowerCase()))).toBe(true);
  });

  test('sponsored results carry an Ad badge and the category filter keeps only that category', async ({ page }) => {
    await page.goto('/searchResults?q=lagos');
    expect(await page.getByText('Ad', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByText('Filters', { exact: true }).click();
    await page.getByLabel('Category').selectOption('Phones');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/category=Phones/);
    const categories = () => page.locator('.shop-card .card-meta').allTextContents();
    await expect.poll(async () => (await categories()).every((text) => text.startsWith('Phones'))).toBe(true);
    expect((await categories()).length).toBeGreaterThan(0);
  });

  test('on a 360 px phone the first result shows without scrolling: the filters fold away', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/searchResults?q=lagos');
    expect(await page.getByLabel('Category').isVisible()).toBe(false);
    const first = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first();
    const box = (await first.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(640);
    await page.getByText('Filters', { exact: true }).click();
    expect(await page.getByLabel('Category').isVisible()).toBe(true);
  });

  test('a search shows the matching products beside the shops, each opening its product page', async ({ page, apiUrl }) => {
    const found = (await (await fetch(`${apiUrl}/products/search?q=charger`)).json()) as { results: { id: string; name: string; shop_name: string }[] };
    expect(found.results.length).toBeGreaterThan(0);
    await page.goto('/searchResults?q=charger');
    const products = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    expect(await products.count()).toBe(found.results.length);
    const first = found.results[0]!;
    const link = products.first().getByRole('link');
    expect(await link.textContent()).toContain(first.name);
    expect(await link.textContent()).toContain(first.shop_name);
    expect(await link.textContent()).toContain('₦');
    expect(await link.getAttribute('href')).toBe(`/product/${first.id}`);
  });

  test('a search with no match says so', async ({ page }) => {
    await page.goto('/searchResults?q=zzzqqqxxx');
    expect(await page.getByText('No shops match your search. Try another word or category.').isVisible()).toBe(true);
  });

  test('every page carries the security headers, with a nonce on the inline scripts when JavaScript runs', async ({ page }) => {
    const response = await page.goto('/');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'.*frame-ancestors 'none'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy']!)![1];
    const inline = await page
      .locator('script:not([src])')
      .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce || s.getAttribute('nonce')));
    expect(inline.length).toBeGreaterThan(0);
    expect(inline.every((value) => value === nonce)).toBe(true);
  });

  test('photo downloads cut off half way (a phone leaving the page) do not take the site down', async ({ webUrl, apiUrl }) => {
    const list = (await (await fetch(`${apiUrl}/shops?page_size=1`)).json()) as { for_you: { image: { url: string } }[] };
    const photo = `${webUrl}${new URL(list.for_you[0]!.image.url).pathname}`;
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const request = http.get(photo, (response) => response.once('data', () => request.destroy()));
        request.on('close', () => resolve());
        request.on('error', () => resolve());
      });
    }
    const health = await fetch(`${webUrl}/healthz`);
    expect(health.status).toBe(200);
    expect((await fetch(photo)).headers.get('content-type')).toBe('image/jpeg');
  });
});
