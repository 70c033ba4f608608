import { describe } from 'vitest';
import { expect, jsMode, plainHttp, test } from './support/browser';

describe(`the shell (JavaScript ${jsMode})`, () => {
  test('the home page shows the header, the For You shops, the footer and the bottom navigation', async ({ page }) => {
    // With JavaScript on, a failed hydration shows up only as a script error or a console error.
    const scriptErrors: string[] = [];
    page.on('pageerror', (error) => scriptErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') scriptErrors.push(message.text());
    });

    const response = await page.goto('/');

    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Kasuwa · Shops near you');
    expect(await page.getByRole('link', { name: 'Kasuwa', exact: true }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('For You');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual(['Home', 'My Shop', 'Messages', 'Settings']);
    expect(await page.getByRole('contentinfo').textContent()).toMatch(/Third-party interactions.*Liability.*No endorsement.*Content.*Changes/s);
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

  test.runIf(plainHttp)('a form posted to an unknown address gets the same 404 page', async ({ webUrl }) => {
    const response = await fetch(`${webUrl}/shop//edit-products`, {
      method: 'POST',
      headers: { origin: webUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });

    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });

  test('GET /healthz answers ok on the web tier and on the API', async ({ webUrl, apiUrl }) => {
    for (const base of [webUrl, apiUrl]) {
      const response = await fetch(`${base}/healthz`);
      expect(response.status, base).toBe(200);
      expect(await response.json(), base).toEqual({ status: 'ok' });
    }
  });
});
