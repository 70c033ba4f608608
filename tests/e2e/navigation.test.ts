import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { shopAtApi, signedInOwner } from './support/owners';
import { skeletonCards, slowData } from './support/pending';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

describe(`moving between pages (JavaScript ${jsMode})`, () => {
  // Without JavaScript every navigation is a full page load: the browser keeps the old page until the new one arrives.
  describe.runIf(jsMode === 'on')('skeleton cards show at once when a list page is opened from another page', () => {
    test('Home from Settings in the bottom navigation: eight', async ({ page }) => {
      await page.goto('/settings');
      await whenInteractive(page, '.bottom-nav a');
      await slowData(page, '/');
      await mainNav(page).getByRole('link', { name: 'Home' }).click();
      expect(await skeletonCards(page, 'Loading shops')).toBe(8);
      expect(await heading(page, 'Settings').count()).toBe(0);
      await page.getByRole('list', { name: 'Shops for you' }).waitFor();
    });

    test('search results from the header search on a shop page: eight', async ({ page, apiUrl }) => {
      const { for_you: shops } = (await (await fetch(`${apiUrl}/shops`)).json()) as { for_you: { id: string; name: string }[] };
      await page.goto(`/shop/${shops[0]!.id}`);
      await whenInteractive(page, 'header a');
      await slowData(page, '/searchResults');
      await page.getByLabel('Search', { exact: true }).click();
      await page.getByRole('searchbox', { name: 'Search shops' }).fill('charger');
      await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
      expect(await skeletonCards(page, 'Loading results')).toBe(8);
      expect(await heading(page, shops[0]!.name).count()).toBe(0);
      await page.getByRole('list', { name: 'Search results' }).waitFor();
    });

    test('My Shops from the home page’s bottom navigation: four', async ({ page, apiUrl }) => {
      await signedInOwner(page, apiUrl);
      await page.goto('/');
      await whenInteractive(page, '.bottom-nav a');
      await slowData(page, '/myShop');
      await mainNav(page).getByRole('link', { name: 'My Shop' }).click();
      expect(await skeletonCards(page, 'Loading your shops')).toBe(4);
      expect(await page.getByRole('list', { name: 'Shops for you' }).count()).toBe(0);
      await page.getByText(MSG.noShops).waitFor();
    });

    test('a shop’s products from My Shops: eight', async ({ page, apiUrl }) => {
      const owner = await signedInOwner(page, apiUrl);
      const shop = await shopAtApi(apiUrl, owner);
      await page.goto('/myShop');
      await whenInteractive(page, '.owner-shops a');
      await slowData(page, `/shop/${shop.id}/products`);
      await page.getByRole('link', { name: 'Products' }).click();
      expect(await skeletonCards(page, 'Loading products')).toBe(8);
      expect(await page.getByRole('list', { name: 'Your shops' }).count()).toBe(0);
      await page.getByText('This shop has no products yet.', { exact: false }).waitFor();
    });
  });

  test('a link followed from far down a page opens the next page at its top, and Back returns to where the reader was', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await whenInteractive(page, '.shop-grid a');
    const cards = page.getByRole('list', { name: 'Shops for you' }).getByRole('listitem');
    const last = cards.last();
    await last.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(1_000);
    const name = (await last.locator('.card-name').textContent())!;

    await last.getByRole('link').click();
    await page.waitForURL(/\/shop\/[0-9a-f-]{36}$/);
    await heading(page, name).waitFor();
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await page.getByRole('list', { name: 'Shops for you' }).waitFor();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(before - 100);
    expect(await scrollY(page)).toBeLessThan(before + 100);
  });

  test.runIf(jsMode === 'on')('a connection lost during a navigation says so and offers to try again, which opens the page', async ({ page }) => {
    await page.goto('/');
    await whenInteractive(page, '.shop-grid a');
    const card = page.getByRole('list', { name: 'Shops for you' }).getByRole('listitem').first();
    const name = (await card.locator('.card-name').textContent())!;
    await page.route(
      (url) => url.pathname.endsWith('.data'),
      (route) => route.abort('internetdisconnected'),
    );
    await card.getByRole('link').click();

    await heading(page, 'No connection').waitFor();
    expect(await page.getByText(MSG.networkError).isVisible()).toBe(true);
    expect(await page.getByText(MSG.unexpected).count()).toBe(0);
    await page.unrouteAll();
    await page.getByRole('link', { name: 'Try again' }).click();
    await heading(page, name).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/shop\/[0-9a-f-]{36}$/);
  });
});
