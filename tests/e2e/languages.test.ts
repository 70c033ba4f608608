import type { Browser, Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { newPerson, signIn, signUpAtApi } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';

/** A phone set to `locale`, as a first-time visitor: its browser's Accept-Language says it. */
const phoneIn = (browser: Browser, locale: string) => browser.newContext({ baseURL: inject('webUrl'), javaScriptEnabled: jsMode === 'on', locale });

const pageLanguage = (page: Page) => page.locator('html').getAttribute('lang');

/** The footer's switch, a plain form: the page comes back in the language chosen. */
async function chooseLanguage(page: Page, name: string, button: string) {
  await whenInteractive(page, '.site-footer');
  await page.locator('.site-footer').getByRole('combobox').selectOption({ label: name });
  await page.locator('.site-footer').getByRole('button', { name: button }).click();
}

describe(`Languages (JavaScript ${jsMode})`, () => {
  test("a first visit follows the phone's language, and every page links its other languages", async ({ browser }) => {
    for (const [locale, lang, home] of [
      ['ha-NG', 'ha-NG', 'Gida'],
      ['pcm-NG', 'pcm-NG', 'Home'],
      ['yo', 'yo-NG', 'Ilé'],
      ['fr-FR', 'en-NG', 'Home'],
    ] as const) {
      const phone = await phoneIn(browser, locale);
      const page = await phone.newPage();
      await page.goto('/searchResults?q=rice');
      expect(await pageLanguage(page)).toBe(lang);
      expect(await page.getByRole('navigation', { name: /./ }).last().getByRole('link').first().textContent()).toContain(home);
      const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')));
      expect(alternates).toEqual(['en', 'ha', 'yo', 'ig', 'pcm', 'x-default']);
      await phone.close();
    }
  });

  test('the switch in the footer changes the language of this page and the next ones', async ({ page }) => {
    await page.goto('/searchResults?q=rice');
    expect(await pageLanguage(page)).toBe('en-NG');
    await chooseLanguage(page, 'Hausa', 'Change');
    await page.waitForURL('**/searchResults?q=rice');
    await expect.poll(() => pageLanguage(page)).toBe('ha-NG');
    expect(await page.locator('.site-footer').getByRole('button', { name: 'Canza' }).count()).toBe(1);
    await page.goto('/');
    expect(await pageLanguage(page)).toBe('ha-NG');
    expect(await page.getByRole('link', { name: 'Gida' }).count()).toBe(1);
  });

  test('a language chosen while signed in is followed at the next sign-in on another phone', async ({ browser, page, apiUrl }) => {
    const person = newPerson();
    await signUpAtApi(apiUrl, person);
    await signIn(page, person.username, person.password);
    await page.waitForURL((url) => url.pathname === '/');
    await chooseLanguage(page, 'Naijá (Pidgin)', 'Change');
    await expect.poll(() => pageLanguage(page)).toBe('pcm-NG');

    const otherPhone = await phoneIn(browser, 'en-NG');
    const other = await otherPhone.newPage();
    await signIn(other, person.username, person.password);
    await other.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => pageLanguage(other)).toBe('pcm-NG');
    expect(await other.getByRole('link', { name: 'My Shop' }).count()).toBeGreaterThan(0);
    await otherPhone.close();
  });

  test('Settings offers the same switch, signed out too', async ({ page }) => {
    await page.goto('/settings');
    await whenInteractive(page, '#settings-language');
    await page.getByRole('main').getByRole('combobox').selectOption({ label: 'Igbo' });
    await page.getByRole('main').getByRole('button', { name: 'Change' }).click();
    await page.waitForURL('**/settings');
    await expect.poll(() => pageLanguage(page)).toBe('ig-NG');
  });
});
