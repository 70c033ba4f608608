import type { Browser, Page } from 'playwright-core';
import { describe } from 'vitest';
import { AREAS } from '#rules/i18n/areas.ts';
import type { Language } from '#rules/i18n/languages.ts';
import { MSG } from '#rules/messages.ts';
import { newPerson, signUpAtApi } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { tag } from './support/owners';
import { ownerAtApi, shopOf, webSessionCookie } from './support/web-requests';

/** A string of the messages and forms catalogs in `language`, as the page should show it. */
function said(language: Exclude<Language, 'en'>, key: string, values: Record<string, string> = {}): string {
  const { messages } = AREAS.messages.translations[language];
  const message = (messages as Record<string, string>)[key] ?? (AREAS.forms.translations[language].messages as Record<string, string>)[key];
  expect(message, key).toBeDefined();
  return Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), message!);
}

async function phoneOf(browser: Browser, webUrl: string, person: { username: string; password: string }, locale: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: webUrl, javaScriptEnabled: jsMode === 'on', locale });
  const cookie = await webSessionCookie(webUrl, person);
  const at = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: webUrl, httpOnly: true, sameSite: 'Lax' }]);
  return context.newPage();
}

describe(`messages in other languages (JavaScript ${jsMode})`, () => {
  test('a buyer writes in Hausa and is warned in Hausa; the owner answers in Pidgin', async ({ browser, apiUrl, webUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Mama Nkechi Foods ${tag()}` });
    const buyer = newPerson();
    await signUpAtApi(apiUrl, buyer);

    const hausa = await phoneOf(browser, webUrl, buyer, 'ha-NG');
    await hausa.goto(`/shop/${shop.id}/message`);
    await whenInteractive(hausa, '.message-form');
    expect(await hausa.getByRole('heading', { level: 1 }).textContent()).toBe(said('ha', 'messageShop.heading', { name: shop.name }));
    expect(await hausa.locator('.safety-line').textContent()).toBe(said('ha', 'safety.line'));
    // Sent empty, as a browser that checks nothing would: refused in Hausa.
    await hausa.locator('.message-form').evaluate((form) => ((form as HTMLFormElement).noValidate = true));
    await hausa.getByRole('button', { name: said('ha', 'messageForm.send'), exact: true }).click();
    await hausa.getByText(said('ha', 'form.messageRequired')).first().waitFor();
    expect(await hausa.getByText(MSG.messageRequired).count()).toBe(0);
    await hausa.getByLabel(said('ha', 'thread.messageTo', { name: shop.name })).fill('Ina da shinkafa?');
    await hausa.getByRole('button', { name: said('ha', 'messageForm.send'), exact: true }).click();
    await hausa.waitForURL((url) => url.pathname.startsWith('/messages/'));
    const threadPath = new URL(hausa.url()).pathname;

    const pidgin = await phoneOf(browser, webUrl, owner, 'pcm-NG');
    await pidgin.goto('/messages');
    expect(await pidgin.getByRole('heading', { level: 1 }).textContent()).toBe(said('pcm', 'inbox.heading'));
    expect(await pidgin.getByText(said('pcm', 'inbox.about', { shop: shop.name })).count()).toBe(1);
    await pidgin.goto(threadPath);
    await whenInteractive(pidgin, '.message-form');
    expect(await pidgin.getByText(said('pcm', 'thread.buyerWriting', { shop: shop.name })).count()).toBe(1);
    await pidgin.getByLabel(said('pcm', 'thread.messageTo', { name: buyer.username })).fill('Yes o. My account na 0123456789, Opay.');
    await pidgin.getByRole('button', { name: said('pcm', 'messageForm.send'), exact: true }).click();
    await pidgin.getByText('My account na 0123456789').waitFor();

    await hausa.goto(threadPath);
    await hausa.getByText(said('ha', 'warning.accountNumber')).waitFor();
    expect(await hausa.getByText(MSG.messageWarnings.account_number).count()).toBe(0);
    await hausa.context().close();
    await pidgin.context().close();
  });
});
