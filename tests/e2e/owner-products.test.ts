import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { DELAYS_MS } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { jpegBuffer, pdfBytes, pngBuffer } from '../fixtures/images';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { newOwner, type Owner, shopAtApi, signedInOwner } from './support/owners';
import { skeletonCards, slowData } from './support/pending';

type ApiProduct = { id: string; name: string; price: number; image_url: string };
type Photo = { name: string; mimeType: string; buffer: Buffer };

const blobOf = (buffer: Buffer, type: string) => new Blob([new Uint8Array(buffer)], { type });

async function productsAtApi(apiUrl: string, owner: Owner, shopId: string, rows: { name: string; price: number }[]): Promise<ApiProduct[]> {
  const form = new FormData();
  form.set('products', JSON.stringify(rows));
  const photo = await pngBuffer({ width: 400, height: 300 });
  for (const _ of rows) form.append('images', blobOf(photo, 'image/png'), 'item.png');
  const response = await fetch(`${apiUrl}/shops/${shopId}/products/batch-create/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as ApiProduct[];
}

/** A shop's products, by name: rows of one batch share their creation time, so the provider's order among them is arbitrary. */
async function productsOf(apiUrl: string, shopId: string): Promise<ApiProduct[]> {
  const products = (await (await fetch(`${apiUrl}/shops/${shopId}/products`)).json()) as ApiProduct[];
  return products.sort((a, b) => a.name.localeCompare(b.name));
}

const jpeg = async (name = 'rice.jpg'): Promise<Photo> => ({ name, mimeType: 'image/jpeg', buffer: await jpegBuffer({ width: 1200, height: 900 }) });
const png = async (name = 'beans.png'): Promise<Photo> => ({ name, mimeType: 'image/png', buffer: await pngBuffer({ width: 900, height: 900 }) });

const gif = (): Photo => ({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') });
const pdfAsJpeg = (): Photo => ({ name: 'price-list.jpg', mimeType: 'image/jpeg', buffer: pdfBytes() });
// Bytes no browser can decode: with JavaScript too the photo stays as chosen, over the 5 MB limit.
const over20MB = (): Photo => ({ name: 'IMG_3310.jpg', mimeType: 'image/jpeg', buffer: randomBytes(20.5 * 1024 * 1024) });

const row = (page: Page, number: number) => page.getByRole('group', { name: `Product ${number}` });
const rows = (page: Page) => page.locator('fieldset.product-row');
// Conform ids hold brackets and dots (`add-products-products[1].price`), which a CSS `#id` cannot.
const errorOf = (page: Page, id: string) => page.locator(`[id="${id}-error"]`);
const formAlert = (page: Page) => page.locator('form[enctype="multipart/form-data"] [role="alert"]');
const productCards = (page: Page) => page.getByRole('list', { name: 'Your products' }).getByRole('listitem');
const productCard = (page: Page, name: string) => productCards(page).filter({ has: page.getByRole('heading', { name }) });

async function openForm(page: Page, path: string, formId: string) {
  const response = await page.goto(path);
  await whenInteractive(page, `#${formId}`);
  return response;
}

/** Fills one row; with JavaScript, waits until the browser has prepared its photo for sending. */
async function fillRow(page: Page, number: number, values: { name?: string; price?: string; photo?: Photo }) {
  const group = row(page, number);
  if (values.name !== undefined) await group.getByLabel('Name').fill(values.name);
  if (values.price !== undefined) await group.getByLabel('Price (₦)').fill(values.price);
  if (values.photo) await choosePhoto(group, 'Photo', values.photo);
}

async function choosePhoto(scope: Locator, label: string, photo: Photo) {
  await scope.getByLabel(label).setInputFiles(photo);
  if (jsMode === 'on') await scope.getByText(/^Photo to send:/).waitFor();
}

/** Every page load and data request a page makes from now on: how to tell "in place" from "sent". */
function watchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (['document', 'fetch', 'xhr'].includes(request.resourceType())) seen.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return seen;
}

describe(`owner products (JavaScript ${jsMode})`, () => {
  test('three products added in one batch show on the products page and on the shop page, priced in naira', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await page.goto(`/shop/${shop.id}/products`);
    expect(await page.getByText('This shop has no products yet.', { exact: false }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Add Products' }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/add-products`);
    await whenInteractive(page, '#add-products');
    expect(await rows(page).count()).toBe(3);
    expect(await row(page, 1).getByLabel('Name').getAttribute('name')).toBe('products[0].name');
    expect(await row(page, 1).getByLabel('Price (₦)').getAttribute('name')).toBe('products[0].price');

    await fillRow(page, 1, { name: 'Ofada rice, 5 kg', price: '3500', photo: await jpeg() });
    await fillRow(page, 2, { name: 'Honey beans, 1 paint', price: '850.50', photo: await png() });
    await fillRow(page, 3, { name: '  Red palm oil, 1 litre ', price: '1200', photo: await jpeg('oil.jpeg') });
    await page.getByRole('button', { name: 'Add Products' }).click();

    await page.getByText(MSG.productsAdded).waitFor();
    const added = Date.now();
    expect(await page.getByRole('link', { name: 'Go to My Shops now' }).getAttribute('href')).toBe('/myShop');
    await page.waitForURL((url) => url.pathname === '/myShop', { timeout: 10_000 });
    expect(Date.now() - added).toBeGreaterThan(DELAYS_MS.afterAddProducts / 2);

    const stored = await productsOf(apiUrl, shop.id);
    expect(stored.map(({ name, price }) => ({ name, price }))).toEqual([
      { name: 'Honey beans, 1 paint', price: 850.5 },
      { name: 'Ofada rice, 5 kg', price: 3500 },
      { name: 'Red palm oil, 1 litre', price: 1200 },
    ]);

    await page.goto(`/shop/${shop.id}/products`);
    expect(await productCards(page).count()).toBe(3);
    expect(await productCard(page, 'Ofada rice, 5 kg').textContent()).toContain('₦3,500');
    expect(await productCard(page, 'Honey beans, 1 paint').textContent()).toContain('₦850.50');
    expect(await productCard(page, 'Red palm oil, 1 litre').getByRole('img', { name: 'Red palm oil, 1 litre' }).isVisible()).toBe(true);
    const beans = stored[0]!;
    expect(await productCard(page, beans.name).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/shop/${beans.id}/edit-products`);

    await page.goto(`/shop/${shop.id}`);
    const publicProducts = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    expect(await publicProducts.count()).toBe(3);
    expect(await publicProducts.filter({ hasText: 'Ofada rice, 5 kg' }).textContent()).toContain('₦3,500');
    expect(await publicProducts.filter({ hasText: 'Red palm oil, 1 litre' }).textContent()).toContain('₦1,200');
  });

  test('rows are added and removed, keeping what was typed; blank rows are ignored', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await openForm(page, `/shop/${shop.id}/add-products`, 'add-products');
    if (jsMode === 'off') expect(await page.getByText('a chosen photo is not kept', { exact: false }).isVisible()).toBe(true);
    await fillRow(page, 1, { name: 'Garri, 1 paint', price: '1500' });
    await fillRow(page, 3, { name: 'Groundnut oil' });
    const requests = watchRequests(page);

    await page.getByRole('button', { name: 'Add another row' }).click();
    await expect.poll(() => rows(page).count()).toBe(4);
    await page.getByRole('button', { name: 'Remove product 2' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);
    // With JavaScript both happen in place; without it each is a round trip that sends the form back filled in.
    expect(requests).toEqual(jsMode === 'on' ? [] : [`POST /shop/${shop.id}/add-products`, `POST /shop/${shop.id}/add-products`]);
    expect(await row(page, 1).getByLabel('Name').inputValue()).toBe('Garri, 1 paint');
    expect(await row(page, 1).getByLabel('Price (₦)').inputValue()).toBe('1500');
    expect(await row(page, 2).getByLabel('Name').inputValue()).toBe('Groundnut oil');
    expect(await row(page, 3).getByLabel('Name').inputValue()).toBe('');
    expect(await formAlert(page).count()).toBe(0);

    await fillRow(page, 1, { photo: await jpeg() });
    await fillRow(page, 2, { price: '2800', photo: await png() });
    await page.getByRole('button', { name: 'Add Products' }).click();
    await page.getByText(MSG.productsAdded).waitFor();
    expect((await productsOf(apiUrl, shop.id)).map(({ name, price }) => [name, price])).toEqual([
      ['Garri, 1 paint', 1500],
      ['Groundnut oil', 2800],
    ]);
  });

  test('a row with a mistake keeps every row as typed and says what to fix, in the words of docs/product.md §5', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await openForm(page, `/shop/${shop.id}/add-products`, 'add-products');
    await fillRow(page, 1, { name: 'Yam tuber', price: '2500', photo: await jpeg('yam.jpg') });
    await fillRow(page, 2, { name: 'Plantain, bunch', price: '-5', photo: await png() });
    await fillRow(page, 3, { name: 'Tomatoes, basket' });
    const requests = watchRequests(page);
    await page.getByRole('button', { name: 'Add Products' }).click();

    await expect.poll(() => errorOf(page, 'add-products-products[1].price').textContent()).toBe(MSG.priceNegative);
    expect(await formAlert(page).textContent()).toBe(MSG.fixErrors);
    expect(await errorOf(page, 'add-products-products[2].price').textContent()).toBe(MSG.priceRequired);
    expect(await errorOf(page, 'add-products-products[2].image').textContent()).toBe(MSG.productImageRequired);
    expect(await errorOf(page, 'add-products-products[0].price').textContent()).toBe('');
    expect(await row(page, 2).getByLabel('Price (₦)').getAttribute('aria-invalid')).toBe('true');
    expect(await row(page, 1).getByLabel('Name').inputValue()).toBe('Yam tuber');
    expect(await row(page, 1).getByLabel('Price (₦)').inputValue()).toBe('2500');
    expect(await row(page, 2).getByLabel('Name').inputValue()).toBe('Plantain, bunch');
    expect(await row(page, 3).getByLabel('Name').inputValue()).toBe('Tomatoes, basket');
    // With JavaScript the browser says it before anything is sent.
    if (jsMode === 'on') expect(requests).toEqual([]);

    if (jsMode === 'on') {
      // Typed letters get the "numeric only" message as they are typed.
      await row(page, 2).getByLabel('Price (₦)').fill('12abc');
      await expect.poll(() => errorOf(page, 'add-products-products[1].price').textContent()).toBe(MSG.priceInvalid);
      // A row added while errors show leaves them said.
      await page.getByRole('button', { name: 'Add another row' }).click();
      await expect.poll(() => rows(page).count()).toBe(4);
      expect(await errorOf(page, 'add-products-products[1].price').textContent()).toBe(MSG.priceInvalid);
      expect(await errorOf(page, 'add-products-products[2].image').textContent()).toBe(MSG.productImageRequired);
    }
    expect(await productsOf(apiUrl, shop.id)).toEqual([]);
  });

  test('a photo that is no photo inside is refused on its own row, past a blank one', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await openForm(page, `/shop/${shop.id}/add-products`, 'add-products');
    await fillRow(page, 1, { name: 'Suya spice', price: '700', photo: await jpeg() });
    // Row 2 stays blank, so the second row sent is the form's third. The browser (with JavaScript) or the
    // web tier refuses the PDF before it is sent, in the provider's words.
    await fillRow(page, 3, { name: 'Pepper soup spice', price: '650' });
    await row(page, 3).getByLabel('Photo').setInputFiles({ name: 'spice.jpg', mimeType: 'image/jpeg', buffer: pdfBytes() });
    await page.getByRole('button', { name: 'Add Products' }).click();

    await expect.poll(() => errorOf(page, 'add-products-products[2].image').textContent()).toBe(MSG.imageType);
    expect(await formAlert(page).textContent()).toBe(MSG.fixErrors);
    expect(await errorOf(page, 'add-products-products[0].image').textContent()).toBe('');
    expect(await row(page, 1).getByLabel('Name').inputValue()).toBe('Suya spice');
    expect(await row(page, 3).getByLabel('Price (₦)').inputValue()).toBe('650');
    expect(await productsOf(apiUrl, shop.id)).toEqual([]);
    // Below the first screenful, the refused photo is where the person lands: focused, whole on screen.
    const photo = row(page, 3).getByLabel('Photo');
    await expect.poll(() => photo.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await photo.evaluate((input) => input.getBoundingClientRect().top >= 0 && input.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
  });

  test('a row’s .gif or photo over 5 MB gets the message of docs/product.md §5 on that row, and every row keeps what was typed', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await openForm(page, `/shop/${shop.id}/add-products`, 'add-products');
    await fillRow(page, 1, { name: 'Kuli kuli, 1 bag', price: '400', photo: await jpeg() });
    await fillRow(page, 2, { name: 'Dried fish', price: '2500' });
    await row(page, 2).getByLabel('Photo').setInputFiles(gif());
    await fillRow(page, 3, { name: 'Ogbono, 1 cup', price: '1500', photo: over20MB() });
    const requests = watchRequests(page);
    await page.getByRole('button', { name: 'Add Products' }).click();

    await expect.poll(() => errorOf(page, 'add-products-products[2].image').textContent()).toBe(MSG.cameraPhotoTooBig);
    expect(await errorOf(page, 'add-products-products[1].image').textContent()).toBe(MSG.imageExtension);
    expect(await errorOf(page, 'add-products-products[0].image').textContent()).toBe('');
    expect(await formAlert(page).textContent()).toBe(MSG.fixErrors);
    expect(await row(page, 1).getByLabel('Name').inputValue()).toBe('Kuli kuli, 1 bag');
    expect(await row(page, 2).getByLabel('Price (₦)').inputValue()).toBe('2500');
    expect(await row(page, 3).getByLabel('Name').inputValue()).toBe('Ogbono, 1 cup');
    expect(await row(page, 3).getByLabel('Price (₦)').inputValue()).toBe('1500');
    // With JavaScript the browser says it before anything is sent; without it the web tier reads past the large photo.
    expect(requests).toEqual(jsMode === 'on' ? [] : [`POST /shop/${shop.id}/add-products`]);
    expect(await productsOf(apiUrl, shop.id)).toEqual([]);
  });

  test('every bad photo of a batch is said at once on its own row, and each good photo is named to be chosen again', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await openForm(page, `/shop/${shop.id}/add-products`, 'add-products');
    await fillRow(page, 1, { name: 'Garri, 1 paint', price: '1200', photo: await jpeg('garri.jpg') });
    // A PDF named .jpg passes every rule on its name and type; a .gif does not.
    await fillRow(page, 2, { name: 'Palm oil, 1 litre', price: '1800' });
    await row(page, 2).getByLabel('Photo').setInputFiles(pdfAsJpeg());
    await fillRow(page, 3, { name: 'Crayfish, 1 cup', price: '900' });
    await row(page, 3).getByLabel('Photo').setInputFiles(gif());
    await page.getByRole('button', { name: 'Add Products' }).click();

    await expect.poll(() => errorOf(page, 'add-products-products[1].image').textContent()).toBe(MSG.imageType);
    expect(await errorOf(page, 'add-products-products[2].image').textContent()).toBe(MSG.imageExtension);
    expect(await errorOf(page, 'add-products-products[0].image').textContent()).toBe('');
    expect(await formAlert(page).textContent()).toBe(MSG.fixErrors);
    expect(await row(page, 2).getByLabel('Name').inputValue()).toBe('Palm oil, 1 litre');
    expect(await row(page, 3).getByLabel('Price (₦)').inputValue()).toBe('900');
    // Without JavaScript the page came back and the browser let go of the good photo; with it, nothing left the page.
    expect(await row(page, 1).getByText(MSG.choosePhotoAgain('garri.jpg')).count()).toBe(jsMode === 'off' ? 1 : 0);
    expect(await page.getByText(/Choose this photo again/).count()).toBe(jsMode === 'off' ? 1 : 0);
    expect(await productsOf(apiUrl, shop.id)).toEqual([]);
  });

  test.runIf(jsMode === 'on')('a progress bar shows while a batch of photos is on its way', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await openForm(page, `/shop/${shop.id}/add-products`, 'add-products');
    await fillRow(page, 1, { name: 'Shea butter, 500 g', price: '3000', photo: await jpeg() });
    await fillRow(page, 2, { name: 'Black soap', price: '1200', photo: await png() });
    // Held back for a moment, so the bar can be seen before the answer comes.
    await page.route(
      (url) => url.pathname === `/shop/${shop.id}/add-products.data`,
      async (route) => {
        await delay(1_000);
        await route.fallback();
      },
    );
    await page.getByRole('button', { name: 'Add Products' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    await page.getByText(MSG.productsAdded).waitFor();
    expect(await bar.count()).toBe(0);
    expect(await productsOf(apiUrl, shop.id)).toHaveLength(2);
  });

  test('each image rule refuses a product’s new photo: a .gif, a PDF renamed .jpg, a photo over 20 MB; the typed price is kept', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const [product] = await productsAtApi(apiUrl, owner, shop.id, [{ name: 'Palm wine, 1 litre', price: 1500 }]);
    const form = page.locator('#edit-product');
    await openForm(page, `/shop/${product!.id}/edit-products`, 'edit-product');

    for (const [photo, message] of [
      [gif(), MSG.imageExtension],
      [pdfAsJpeg(), MSG.imageType],
      [over20MB(), MSG.cameraPhotoTooBig],
    ] as const) {
      await whenInteractive(page, '#edit-product');
      await page.getByLabel('Price (₦)').fill('1750');
      // With JavaScript each is refused as it is chosen, so none gets as far as "Photo to send".
      await form.getByLabel('New photo (optional)').setInputFiles(photo);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => errorOf(page, 'edit-product-image').textContent()).toBe(message);
      expect(await page.getByLabel('Price (₦)').inputValue(), photo.name).toBe('1750');
    }
    expect((await productsOf(apiUrl, shop.id)).map(({ price, image_url }) => ({ price, image_url }))).toEqual([{ price: 1500, image_url: product!.image_url }]);
  });

  test('editing a product: no change says so, a third decimal and a negative price are refused, a new price is saved', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const [product] = await productsAtApi(apiUrl, owner, shop.id, [{ name: 'Zobo drink, 1 litre', price: 850.5 }]);
    await page.goto(`/shop/${shop.id}/products`);
    await productCard(page, product!.name).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${product!.id}/edit-products` && url.search === '');
    await whenInteractive(page, '#edit-product');
    expect(await page.getByLabel('Name').inputValue()).toBe('Zobo drink, 1 litre');
    expect(await page.getByLabel('Price (₦)').inputValue()).toBe('850.50');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => formAlert(page).textContent()).toBe(MSG.noChanges);

    await whenInteractive(page, '#edit-product');
    await page.getByLabel('Price (₦)').fill('900.555');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => errorOf(page, 'edit-product-price').textContent()).toBe(MSG.editPricePattern);

    await whenInteractive(page, '#edit-product');
    await page.getByLabel('Price (₦)').fill('-3');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => errorOf(page, 'edit-product-price').textContent()).toBe(MSG.editPricePositive);
    expect((await productsOf(apiUrl, shop.id))[0]?.price).toBe(850.5);

    await whenInteractive(page, '#edit-product');
    await page.getByLabel('Price (₦)').fill('950');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.productUpdated).waitFor();
    const saved = Date.now();
    await page.waitForURL((url) => url.pathname === '/myShop', { timeout: 10_000 });
    expect(Date.now() - saved).toBeGreaterThan(DELAYS_MS.afterEditProduct / 2);
    expect((await productsOf(apiUrl, shop.id)).map(({ name, price }) => ({ name, price }))).toEqual([{ name: 'Zobo drink, 1 litre', price: 950 }]);
  });

  test('a new photo replaces the product’s photo and leaves the rest as it was', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const [product] = await productsAtApi(apiUrl, owner, shop.id, [{ name: 'Chin chin, big jar', price: 2000 }]);
    await openForm(page, `/shop/${product!.id}/edit-products`, 'edit-product');
    await choosePhoto(page.locator('#edit-product'), 'New photo (optional)', await jpeg('jar.jpg'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.productUpdated).waitFor();
    const [after] = await productsOf(apiUrl, shop.id);
    expect(after).toMatchObject({ name: 'Chin chin, big jar', price: 2000 });
    expect(after?.image_url).not.toBe(product!.image_url);
  });

  test('the edit page sets a description, a condition, "price negotiable" and "out of stock", and shows them again', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const [product] = await productsAtApi(apiUrl, owner, shop.id, [{ name: 'Samsung A10, 32 GB', price: 48000 }]);
    const path = `/shop/${product!.id}/edit-products`;
    await openForm(page, path, 'edit-product');
    await page.getByLabel('Description (optional)').fill('Screen without a scratch.\nCharger included.');
    await page.getByLabel('Condition').selectOption({ label: 'Tokunbo (foreign used)' });
    await page.getByLabel('Price negotiable').selectOption({ label: 'Yes' });
    await page.getByLabel('In stock').selectOption({ label: 'No' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.productUpdated).waitFor();
    const [after] = await productsOf(apiUrl, shop.id);
    expect(after).toMatchObject({ description: 'Screen without a scratch.\nCharger included.', condition: 'tokunbo', negotiable: true, in_stock: false });
    await openForm(page, path, 'edit-product');
    await expect.poll(() => page.getByLabel('Condition').inputValue()).toBe('tokunbo');
    expect(await page.getByLabel('In stock').inputValue()).toBe('false');
    expect(await page.getByLabel('Description (optional)').inputValue()).toBe('Screen without a scratch.\nCharger included.');
  });

  test('pages without a usable id say so: the two messages of docs/product.md §8 for a product, the missing shop id for adding', async ({ page, apiUrl }) => {
    await signedInOwner(page, apiUrl);
    const blank = await page.goto('/shop/%20/add-products');
    expect(blank?.status()).toBe(404);
    expect(await page.getByText(MSG.shopIdMissing).isVisible()).toBe(true);

    const response = await page.goto(`/shop/${randomUUID()}/edit-products`);
    expect(response?.status()).toBe(404);
    expect(await page.getByText(MSG.productDataUnavailable).isVisible()).toBe(true);
    expect(await page.getByText(MSG.productDataInvalidNavigation).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to My Shops' }).getAttribute('href')).toBe('/myShop');
    expect(await page.locator('#edit-product').count()).toBe(0);
  });

  test('deleting a product asks first: Cancel keeps it, Confirm removes it and the list is refreshed', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const [kept, doomed] = await productsAtApi(apiUrl, owner, shop.id, [
      { name: 'Agege bread', price: 1000 },
      { name: 'Fried plantain chips', price: 500 },
    ]);
    const dialog = page.getByRole('dialog', { name: `Delete ${doomed!.name}?` });
    const openDialog = async () => {
      await productCard(page, doomed!.name).getByRole('link', { name: 'Delete' }).click();
      await dialog.waitFor();
    };

    await page.goto(`/shop/${shop.id}/products`);
    await whenInteractive(page, '.owner-products a');
    await openDialog();
    await dialog.getByRole('link', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await productCards(page).count()).toBe(2);

    if (jsMode === 'on') {
      expect(await page.evaluate(() => document.querySelector('dialog')?.matches(':modal') ?? null)).toBe(null);
      await openDialog();
      expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await openDialog();
      await page.mouse.click(4, 300);
      await dialog.waitFor({ state: 'detached' });

      // While the deletion is on its way, neither Escape nor the backdrop closes the dialog.
      await page.route(
        (url) => url.pathname === `/shop/${shop.id}/products.data`,
        async (route) => {
          if (route.request().method() === 'POST') await delay(1_500);
          await route.continue();
        },
      );
      await openDialog();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByRole('button', { name: 'Deleting…' }).waitFor();
      await page.keyboard.press('Escape');
      await page.mouse.click(4, 300);
      expect(await dialog.isVisible()).toBe(true);
    } else {
      await openDialog();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
    }

    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => productCards(page).count()).toBe(1);
    expect(await productCard(page, kept!.name).isVisible()).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    expect((await productsOf(apiUrl, shop.id)).map((product) => product.id)).toEqual([kept!.id]);
  });

  test('a failed deletion says so in the words of docs/product.md §8 and keeps the product', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const [product] = await productsAtApi(apiUrl, owner, shop.id, [{ name: 'Kilishi, 250 g', price: 3000 }]);
    // A product id the provider refuses to delete for this owner: another owner's product.
    const stranger = await newOwner(apiUrl);
    const [theirs] = await productsAtApi(apiUrl, stranger, (await shopAtApi(apiUrl, stranger)).id, [{ name: 'Not yours', price: 10 }]);
    const response = await page.request.post(`/shop/${shop.id}/products?delete=${product!.id}`, { form: { intent: 'delete', productId: theirs!.id } });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain(MSG.deleteProductFailed);
    expect(await productsOf(apiUrl, shop.id)).toHaveLength(1);
  });

  test.runIf(jsMode === 'on')('eight skeleton cards show while the products page is on its way', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await openForm(page, `/shop/${shop.id}/add-products`, 'add-products');
    await slowData(page, `/shop/${shop.id}/products`);
    await page.getByRole('link', { name: 'Back to products' }).click();
    expect(await skeletonCards(page, 'Loading products')).toBe(8);
    await page.getByText('This shop has no products yet.', { exact: false }).waitFor();
  });

  test('a signed-out person is sent to sign in first', async ({ page, apiUrl }) => {
    const owner = await newOwner(apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await page.goto(`/shop/${shop.id}/add-products`);
    const login = new URL(page.url());
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('redirectTo')).toBe(`/shop/${shop.id}/add-products`);
  });

  test("another owner can neither open nor post to the first owner's products, add-products and edit pages", async ({ page, apiUrl }) => {
    const first = await newOwner(apiUrl);
    const shop = await shopAtApi(apiUrl, first);
    const [product] = await productsAtApi(apiUrl, first, shop.id, [{ name: 'Egusi, 1 cup', price: 1800 }]);
    await signedInOwner(page, apiUrl);

    for (const path of [`/shop/${shop.id}/products`, `/shop/${shop.id}/products?delete=${product!.id}`, `/shop/${shop.id}/add-products`]) {
      const opened = await page.goto(path);
      expect(opened?.status(), path).toBe(404);
      expect(await page.getByText(product!.name).count(), path).toBe(0);
      expect(await page.locator('form[method="post"]:not([action="/logout"]):not([action="/lite"]):not([action="/language"])').count(), path).toBe(0);
    }
    const edit = await page.goto(`/shop/${product!.id}/edit-products`);
    expect(edit?.status()).toBe(404);
    expect(await page.getByText(MSG.productDataUnavailable).isVisible()).toBe(true);
    expect(await page.locator('#edit-product').count()).toBe(0);

    const deleted = await page.request.post(`/shop/${shop.id}/products?delete=${product!.id}`, { form: { intent: 'delete', productId: product!.id } });
    expect(deleted.status()).toBe(404);
    const added = await page.request.post(`/shop/${shop.id}/add-products`, {
      multipart: {
        'products[0].name': 'Planted',
        'products[0].price': '1',
        'products[0].image': { name: 'x.png', mimeType: 'image/png', buffer: await pngBuffer({ width: 50, height: 50 }) },
      },
    });
    expect(added.status()).toBe(404);
    const edited = await page.request.post(`/shop/${product!.id}/edit-products`, { multipart: { name: 'Taken over', price: '1' } });
    expect(edited.status()).toBe(404);

    expect((await productsOf(apiUrl, shop.id)).map(({ id, name, price }) => ({ id, name, price }))).toEqual([
      { id: product!.id, name: 'Egusi, 1 cup', price: 1800 },
    ]);
  });
});
