import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';

describe.runIf(jsMode === 'on')(`the page's security policy (JavaScript ${jsMode})`, () => {
  test('a form checked in the browser breaks none of the page’s rules: its checks ask for no eval', async ({ page }) => {
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      document.addEventListener('securitypolicyviolation', (event) => refused.push(event.violatedDirective));
    });
    await page.goto('/signup');
    await whenInteractive(page, 'form');
    await page.getByLabel('Password').fill('12345');
    await page.getByLabel('Password').blur();
    await expect.poll(() => page.locator('#signup-password-error').textContent()).toBe(MSG.passwordMin);
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
  });
});
