import { describe } from 'vitest';
import { expect, jsMode, test } from './support/browser';

describe(`the shell (JavaScript ${jsMode})`, () => {
  test('the home page shows the product title and says the marketplace is coming', async ({ page }) => {
    // With JavaScript on, a failed hydration shows up only as a script error or a console error.
    const scriptErrors: string[] = [];
    page.on('pageerror', (error) => scriptErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') scriptErrors.push(message.text());
    });

    const response = await page.goto('/');

    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Kasuwa');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Kasuwa');
    expect(await page.getByText('marketplace').textContent()).toMatch(/coming/i);
    expect(scriptErrors).toEqual([]);
    // Proves the run really is the one it claims: React Router's inline bootstrap ran, or it did not.
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(jsMode === 'on');
  });

  test('an unknown address answers 404 with a plain message and a way home, never a stack trace', async ({ page }) => {
    const response = await page.goto('/no-such-page');

    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(await page.locator('body').textContent()).not.toMatch(/\bat .+:\d+:\d+/);
  });

  test('GET /healthz answers ok on the web tier and on the API', async ({ webUrl, apiUrl }) => {
    for (const base of [webUrl, apiUrl]) {
      const response = await fetch(`${base}/healthz`);
      expect(response.status, base).toBe(200);
      expect(await response.json(), base).toEqual({ status: 'ok' });
    }
  });
});
