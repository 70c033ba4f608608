import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { expect, jsMode, test } from './support/browser';

/** Script errors and console errors, which with JavaScript on are the only trace of a broken hydration. */
function scriptErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * With JavaScript on, waits until React has hydrated the element, so the test drives the in-page
 * behaviour and not the plain form underneath (React marks each hydrated element with its props).
 */
async function interactive(page: Page, selector: string) {
  if (jsMode === 'off') return;
  await page.waitForFunction((target) => Object.keys(document.querySelector(target) ?? {}).some((key) => key.startsWith('__reactProps')), selector);
}

/** The query in the address bar: with JavaScript these pages answer in place, without it through a GET. */
const queryOf = (page: Page) => new URL(page.url()).search;

describe(`placeholder pages (JavaScript ${jsMode})`, () => {
  test('the ad details stub says they are coming and leads to My Shop', async ({ page }) => {
    const response = await page.goto('/fetchAdDetails');

    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ad details');
    expect(await page.getByText('Ad details are coming soon.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to My Shop' }).getAttribute('href')).toBe('/myShop');
  });

  test('Lily greets without the site header or bottom navigation and answers that the assistant is coming soon', async ({ page }) => {
    const scriptErrors = scriptErrorsOf(page);
    await page.goto('/lilyChat');

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Lily');
    expect(await page.getByRole('log').textContent()).toContain('I’m Lily, your shopping assistant');
    expect(await page.getByRole('link', { name: 'Kasuwa', exact: true }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');

    await interactive(page, '.lily-compose');
    await page.getByLabel('Message to Lily').fill('Where can I buy agbada in Ibadan?');
    await page.getByRole('button', { name: 'Send' }).click();

    const log = page.getByRole('log');
    await log.getByText('the assistant is coming soon').waitFor();
    expect(await log.getByText('Where can I buy agbada in Ibadan?').isVisible()).toBe(true);
    expect(queryOf(page)).toBe(jsMode === 'on' ? '' : '?say=Where+can+I+buy+agbada+in+Ibadan%3F');
    expect(scriptErrors).toEqual([]);
  });

  test('each page has its own title and canonical address at the public origin', async ({ page, webUrl }) => {
    const pages = [
      { path: '/lilyChat', canonical: '/lilyChat', title: 'Lily, your shopping assistant · Kasuwa' },
      { path: '/settings', canonical: '/settings', title: 'Settings · Kasuwa' },
      { path: '/fetchAdDetails', canonical: '/fetchAdDetails', title: 'Ad details · Kasuwa' },
      { path: '/', canonical: '/', title: 'Kasuwa · Shops near you' },
    ];
    for (const expected of pages) {
      // The home page's photos finish first, so moving on does not cancel their downloads mid-way.
      await page.goto(expected.path, { waitUntil: 'networkidle' });
      expect(await page.title(), expected.path).toBe(expected.title);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href'), expected.path).toBe(`${webUrl}${expected.canonical}`);
    }
  });

  test('sitemap.xml lists the home page, search and the demo shops', async ({ webUrl, apiUrl }) => {
    const list = (await (await fetch(`${apiUrl}/shops?q=Otigba`)).json()) as { sponsored_shops: { id: number }[]; for_you: { id: number }[] };
    const otigba = [...list.sponsored_shops, ...list.for_you][0];

    const response = await fetch(`${webUrl}/sitemap.xml`);
    const xml = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(xml).toContain(`<loc>${webUrl}/</loc>`);
    expect(xml).not.toContain('/searchResults');
    expect(xml).toContain(`<loc>${webUrl}/shop/${otigba?.id}</loc>`);
  });

  test('search pages that find shops may be indexed; empty ones may not', async ({ webUrl }) => {
    const robots = async (query: string) => /<meta name="robots" content="([^"]*)"/.exec(await (await fetch(`${webUrl}/searchResults?q=${query}`)).text())?.[1];

    expect(await robots('Otigba')).toBe('index, follow');
    expect(await robots('nothing-sells-this-zq')).toBe('noindex, follow');
  });

  test('robots.txt keeps account pages out and names the sitemap', async ({ webUrl }) => {
    const response = await fetch(`${webUrl}/robots.txt`);
    const text = await response.text();

    expect(response.status).toBe(200);
    expect(text).toContain(`Sitemap: ${webUrl}/sitemap.xml`);
    expect(text).toContain('Disallow: /myShop');
    expect(text).toContain('Disallow: /login');
    expect(text).not.toContain('Disallow: /media');
  });
});
