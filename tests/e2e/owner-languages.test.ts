import { describe, inject } from 'vitest';
import { AREAS } from '#rules/i18n/areas.ts';
import { MSG } from '#rules/messages.ts';
import { jpegBuffer } from '../fixtures/images';
import { newPerson } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { tag } from './support/owners';

type Area = 'account' | 'owner' | 'forms';

/** A string of the Yorùbá catalogs, as the page should show it. */
function yo(area: Area, key: string): string {
  const messages = AREAS[area].translations.yo.messages as Record<string, string>;
  const english = AREAS[area].source as Record<string, string>;
  expect(messages[key], key).toBeDefined();
  // A test of the words would prove nothing if the translation were the English itself.
  expect(messages[key], key).not.toBe(english[key]);
  return messages[key]!;
}

/** The words of a message up to its first placeholder. */
const upToValue = (message: string) => message.split('{')[0]!.trim();

const errorOf = (id: string) => `[id="${id}-error"]`;

describe(`an owner's first shop in Yorùbá (JavaScript ${jsMode})`, () => {
  test('sign up, create a shop with a photo, and add a product, every step in Yorùbá', async ({ browser }) => {
    const phone = await browser.newContext({ baseURL: inject('webUrl'), javaScriptEnabled: jsMode === 'on', locale: 'yo-NG' });
    const page = await phone.newPage();
    const person = newPerson();

    await page.goto('/createShop');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.locator('html').getAttribute('lang')).toBe('yo-NG');
    expect(await page.title()).toBe(yo('account', 'signIn.pageTitle'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(yo('account', 'signIn.heading'));
    await page.getByRole('link', { name: yo('account', 'signIn.signUp'), exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/signup');
    await whenInteractive(page, '#signup');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(yo('account', 'signUp.heading'));
    await page.getByLabel(yo('account', 'signUp.email'), { exact: true }).fill(person.email);
    await page.getByLabel(yo('account', 'signUp.username'), { exact: true }).fill(person.username);
    await page.getByLabel(yo('account', 'signUp.phone'), { exact: true }).fill(person.phone_number);
    await page.getByLabel(yo('account', 'signUp.password'), { exact: true }).fill(person.password);
    await page.getByRole('button', { name: yo('account', 'signUp.button') }).click();

    await page.waitForURL((url) => url.pathname === '/createShop');
    await whenInteractive(page, '#create-shop');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(yo('owner', 'createShop.heading'));
    // A form sent empty (as a browser that checks nothing would) is refused in Yorùbá, field by field.
    await page.locator('#create-shop').evaluate((form) => ((form as HTMLFormElement).noValidate = true));
    await page.getByRole('button', { name: yo('owner', 'shopForm.create') }).click();
    await expect.poll(() => page.locator(errorOf('create-shop-name')).textContent()).toBe(yo('forms', 'form.shopNameRequired'));
    expect(await page.locator(errorOf('create-shop-description')).textContent()).toBe(yo('forms', 'form.shopDescriptionRequired'));
    expect(await page.locator(`${errorOf('create-shop-name')}`).textContent()).not.toBe(MSG.shopNameRequired);

    const name = `Ìyá Ìbàdàn ${tag()}`;
    await page.getByLabel(yo('owner', 'shopForm.name'), { exact: true }).fill(name);
    await page.getByLabel(yo('owner', 'shopForm.address'), { exact: true }).fill('12 Allen Avenue, Ikeja');
    await page.getByLabel(yo('owner', 'shopForm.state'), { exact: true }).selectOption('Lagos');
    await page.getByLabel(yo('owner', 'shopForm.category'), { exact: true }).fill('Food');
    await page.getByLabel(yo('owner', 'shopForm.description'), { exact: true }).fill('Ọbẹ̀ àti ìrẹsì.');
    await page.getByLabel(yo('owner', 'shopForm.image'), { exact: true }).setInputFiles({
      name: 'shop.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegBuffer({ width: 800, height: 600 }),
    });
    if (jsMode === 'on') await page.getByText(upToValue(yo('owner', 'photoInput.toSend'))).waitFor();
    await page.getByRole('button', { name: yo('owner', 'shopForm.create') }).click();
    await page.getByText(yo('forms', 'form.shopCreated')).waitFor();

    await page.goto('/myShop');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(yo('owner', 'myShops.heading'));
    const card = page
      .getByRole('list', { name: yo('owner', 'myShops.yourShops') })
      .getByRole('listitem')
      .filter({ hasText: name });
    await card.getByRole('link', { name: yo('owner', 'ownShop.products'), exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/products'));
    const products = new URL(page.url()).pathname;
    // With JavaScript the address changes before the new page is drawn.
    await page.getByText(yo('owner', 'products.none')).waitFor();
    expect(await page.getByText(yo('owner', 'products.none')).count()).toBe(1);
    await page.getByRole('link', { name: yo('owner', 'products.add'), exact: true }).click();

    await page.waitForURL((url) => url.pathname.endsWith('/add-products'));
    await whenInteractive(page, '#add-products');
    const row = page.getByRole('group', { name: yo('owner', 'addProducts.row').replace('{number}', '1') });
    await row.getByLabel(yo('owner', 'addProducts.name'), { exact: true }).fill('Àmàlà');
    await row.getByLabel(yo('owner', 'addProducts.price'), { exact: true }).fill('1500');
    await row.getByLabel(yo('owner', 'addProducts.photo'), { exact: true }).setInputFiles({
      name: 'amala.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegBuffer({ width: 640, height: 480 }),
    });
    if (jsMode === 'on') await row.getByText(upToValue(yo('owner', 'photoInput.toSend'))).waitFor();
    await page
      .getByRole('button', { name: yo('owner', 'addProducts.button') })
      .last()
      .click();
    await page.getByText(yo('forms', 'form.productsAdded')).waitFor();

    await page.goto(products);
    expect(
      await page
        .getByRole('list', { name: yo('owner', 'products.yours') })
        .getByRole('heading', { name: 'Àmàlà' })
        .count(),
    ).toBe(1);
    await phone.close();
  });
});
