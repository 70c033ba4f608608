import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { jpegBuffer } from '../fixtures/images';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { newOwner, shopAtApi, shopsOf, signedInOwner, tag } from './support/owners';

async function shopIn(apiUrl: string, token: string, state: string, area: string) {
  const form = new FormData();
  for (const [field, value] of Object.entries({
    name: `Ado Crafts ${tag()}`,
    address: '2 Market Road',
    category: 'Crafts',
    description: 'Woven baskets.',
    state,
    area,
  })) {
    form.set(field, value);
  }
  form.set('image', new Blob([new Uint8Array(await jpegBuffer({ width: 800, height: 600 }))], { type: 'image/jpeg' }), 'front.jpg');
  const response = await fetch(`${apiUrl}/shops/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

describe(`where a shop is (JavaScript ${jsMode})`, () => {
  test('an owner names the shop’s state and area on create and edit, and its page shows them', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    await page.goto('/createShop');
    await whenInteractive(page, '#create-shop');
    await page.getByLabel('Shop name').fill(`Kurmi Leather ${tag()}`);
    await page.getByLabel('Address').fill('Stall 14, Kurmi Market');
    await page.getByLabel('Area or city (optional)').fill('Kurmi');
    await page.getByLabel('State', { exact: true }).selectOption('Kano');
    await page.getByLabel('Category').fill('Fashion');
    await page.getByLabel('Description').fill('Bags and sandals.');
    await page.getByLabel('Shop image').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpegBuffer({ width: 800, height: 600 }) });
    if (jsMode === 'on') await page.getByText(/^Photo to send:/).waitFor();
    await page.getByRole('button', { name: 'Create Shop' }).click();
    await page.getByText(MSG.shopCreated).waitFor();
    const [saved] = await shopsOf(apiUrl, owner);
    expect(saved).toMatchObject({ state: 'Kano', area: 'Kurmi' });

    await page.goto(`/shop/${saved!.id}`);
    expect(await page.getByText('Kurmi, Kano').isVisible()).toBe(true);

    await page.goto(`/editShop/${saved!.id}/edit-shop`);
    await whenInteractive(page, '#edit-shop');
    expect(await page.getByLabel('State (optional)').inputValue()).toBe('Kano');
    await page.getByLabel('State (optional)').selectOption('Kaduna');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await shopsOf(apiUrl, owner))[0]).toMatchObject({ state: 'Kaduna', area: 'Kurmi' });

    // Emptied on the form, an optional field is taken away; the required ones stay as saved.
    await page.goto(`/editShop/${saved!.id}/edit-shop`);
    await whenInteractive(page, '#edit-shop');
    await page.getByLabel('Area or city (optional)').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await shopsOf(apiUrl, owner))[0]).toMatchObject({ state: 'Kaduna', area: null, address: 'Stall 14, Kurmi Market' });
  });

  test('Create Shop asks for the state, and My Shops asks for it on a shop that has none', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const older = await shopAtApi(apiUrl, owner, `No Place Yet ${tag()}`);
    await page.goto('/createShop');
    await whenInteractive(page, '#create-shop');
    await page.locator('#create-shop').evaluate((element) => ((element as HTMLFormElement).noValidate = true));
    await page.getByLabel('Shop name').fill(`Placeless ${tag()}`);
    await page.getByRole('button', { name: 'Create Shop' }).click();
    await page.getByText(MSG.stateRequired).waitFor();

    await page.goto('/myShop');
    const card = page.getByRole('listitem').filter({ hasText: older.name });
    expect(await card.getByText(MSG.shopStateMissing).isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: 'Add the state' }).getAttribute('href')).toBe(`/editShop/${older.id}/edit-shop`);
  });

  test('an owner gives the shop its own phone and WhatsApp numbers, and its page calls them', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopIn(apiUrl, owner.token, 'Ekiti', 'Ado');
    await page.goto(`/editShop/${shop.id}/edit-shop`);
    await whenInteractive(page, '#edit-shop');
    await page.getByLabel('Phone for buyers (optional)').fill('0905 111 2222');
    await page.getByLabel('WhatsApp number (optional)').fill('0812 777 6666');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => (await shopsOf(apiUrl, owner)).find(({ id }) => id === shop.id))
      .toMatchObject({ phone: '+2349051112222', whatsapp: '+2348127776666' });

    await page.goto(`/shop/${shop.id}`);
    expect(await page.getByRole('link', { name: 'Call 0905 111 2222' }).getAttribute('href')).toBe('tel:+2349051112222');
    expect(await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2348127776666\?/);
  });

  test('a visitor narrows home and search to a state, kept on the next visit without an account, and goes back to all of Nigeria', async ({ page, apiUrl }) => {
    const owner = await newOwner(apiUrl);
    const shop = await shopIn(apiUrl, owner.token, 'Ekiti', 'Ado');
    const places = () => page.locator('.shop-card .card-meta').allTextContents();
    const pick = async (state: string, button: string) => {
      if (jsMode === 'on') await whenInteractive(page, 'select[name=state]');
      // The search page folds its filters away.
      if (button === 'Search') await page.getByRole('main').getByText('Filters', { exact: false }).click();
      await page
        .getByRole('main')
        .getByLabel(button === 'Show' ? 'Shops in' : 'State')
        .selectOption(state);
      if (jsMode === 'off') await page.getByRole('main').getByRole('button', { name: button }).click();
    };

    await page.goto('/');
    await pick('Ekiti', 'Show');
    await page.waitForURL('**/?state=Ekiti');
    await expect.poll(places).toContain('Crafts · Ado, Ekiti');
    expect((await places()).every((text) => text.endsWith(', Ekiti'))).toBe(true);
    expect(await page.getByRole('link', { name: new RegExp(shop.name) }).isVisible()).toBe(true);

    // Remembered: a later visit to the plain home page and to search is still narrowed.
    await page.goto('/');
    expect(await page.getByLabel('Shops in').inputValue()).toBe('Ekiti');
    expect((await places()).every((text) => text.endsWith(', Ekiti'))).toBe(true);
    await page.goto('/searchResults?q=crafts');
    expect(await page.getByRole('main').getByLabel('State').inputValue()).toBe('Ekiti');
    expect((await places()).every((text) => text.endsWith(', Ekiti'))).toBe(true);

    await pick('', 'Search');
    await page.waitForURL(/state=(&|$)/);
    await page.goto('/');
    expect(await page.getByLabel('Shops in').inputValue()).toBe('');
    expect((await places()).some((text) => !text.endsWith(', Ekiti'))).toBe(true);
  });
});
