import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { jpegBuffer, noisyJpeg, pngBuffer } from '../fixtures/images';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { type Owner, shopAtApi, signedInOwner } from './support/owners';

async function productAtApi(apiUrl: string, owner: Owner, shopId: string, name: string): Promise<{ id: string }> {
  const form = new FormData();
  form.set('products', JSON.stringify([{ name, price: 4500 }]));
  form.append('images', new Blob([new Uint8Array(await pngBuffer({ width: 400, height: 300 }))], { type: 'image/png' }), 'cover.png');
  const response = await fetch(`${apiUrl}/shops/${shopId}/products/batch-create/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }[])[0]!;
}

/** Each link's target, fetched as the browser would: a full-size JPEG. */
async function expectFullSize(page: Page, hrefs: (string | null)[]) {
  for (const href of hrefs) {
    expect(href).toMatch(/^\/media\/products\/[\w-]+\/main\.jpg$/);
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/jpeg');
  }
}

describe(`a product's photos (JavaScript ${jsMode})`, () => {
  test('the owner adds two photos on the edit page, and the product page shows all three, each linking to its full size', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const name = 'Jollof rice, party pack';
    const product = await productAtApi(apiUrl, owner, shop.id, name);
    await page.goto(`/shop/${product.id}/edit-products`);
    await whenInteractive(page, '#edit-product');
    const more = page.getByRole('group', { name: 'More photos' });
    expect(await more.getByRole('checkbox', { name: 'Remove' }).count()).toBe(0);
    await more.getByLabel('Add photos (optional)').setInputFiles([
      // A camera photo over the API's 5 MB: the web tier shrinks it before sending it on.
      { name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: await noisyJpeg({ width: 1750, height: 1310 }) },
      { name: 'plate.png', mimeType: 'image/png', buffer: await pngBuffer({ width: 900, height: 900 }) },
    ]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.productUpdated).waitFor();

    await page.goto(`/shop/${product.id}/edit-products`);
    expect(await page.getByRole('group', { name: 'More photos' }).getByRole('checkbox', { name: 'Remove' }).count()).toBe(2);

    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const cover = page.getByRole('link', { name: `View full size photo of ${name}` });
    const thumbs = page.getByRole('list', { name: `More photos of ${name}` }).getByRole('link');
    expect(await thumbs.count()).toBe(2);
    for (const at of [2, 3]) {
      const thumb = thumbs.nth(at - 2);
      expect(await thumb.getAttribute('aria-label')).toBe(`View full size: ${name}, photo ${at} of 3`);
      // Drawn as it nears the screen (docs/decisions/088-photos-near-the-screen.md), with its words for screen readers.
      expect(await thumb.getByRole('img').getAttribute('aria-label')).toBe(`${name}, photo ${at} of 3`);
      expect(await thumb.locator('.photo.later').count()).toBe(1);
    }
    await expectFullSize(page, [await cover.getAttribute('href'), await thumbs.nth(0).getAttribute('href'), await thumbs.nth(1).getAttribute('href')]);
    // Tapping a photo opens it, with or without JavaScript.
    await thumbs.nth(1).click();
    await page.waitForURL(/\/media\/products\/[\w-]+\/main\.jpg$/);
  });

  test('the owner ticks Remove on one of the more photos, and the product page keeps the other', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const name = 'Suya spice, 250 g';
    const product = await productAtApi(apiUrl, owner, shop.id, name);
    await page.goto(`/shop/${product.id}/edit-products`);
    await whenInteractive(page, '#edit-product');
    await page.getByLabel('Add photos (optional)').setInputFiles([
      { name: 'jar.jpg', mimeType: 'image/jpeg', buffer: await jpegBuffer({ width: 800, height: 600 }) },
      { name: 'label.jpg', mimeType: 'image/jpeg', buffer: await jpegBuffer({ width: 600, height: 800 }) },
    ]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.productUpdated).waitFor();

    await page.goto(`/shop/${product.id}/edit-products`);
    await whenInteractive(page, '#edit-product');
    await page.getByRole('group', { name: 'More photos' }).getByRole('checkbox', { name: 'Remove' }).first().check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(MSG.productUpdated).waitFor();

    await page.goto(`/product/${product.id}`);
    const thumbs = page.getByRole('list', { name: `More photos of ${name}` }).getByRole('link');
    expect(await thumbs.count()).toBe(1);
    expect(await thumbs.getByRole('img').getAttribute('aria-label')).toBe(`${name}, photo 2 of 2`);
  });
});
