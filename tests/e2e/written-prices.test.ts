import { MSG } from '#rules/messages.ts';
import { pngBuffer } from '../fixtures/images';
import { expect, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { shopAtApi, signedInOwner } from './support/owners';

type ApiProduct = { id: string; name: string; price: number };

test('a price written with a naira sign and a thousands comma is saved as that many naira', async ({ page, apiUrl }) => {
  const owner = await signedInOwner(page, apiUrl);
  const shop = await shopAtApi(apiUrl, owner);
  const form = new FormData();
  form.set('products', JSON.stringify([{ name: 'Ankara fabric, 6 yards', price: 9000 }]));
  form.append('images', new Blob([new Uint8Array(await pngBuffer({ width: 400, height: 300 }))], { type: 'image/png' }), 'ankara.png');
  const created = await fetch(`${apiUrl}/shops/${shop.id}/products/batch-create/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  const [product] = (await created.json()) as ApiProduct[];

  await page.goto(`/shop/${product!.id}/edit-products`);
  await whenInteractive(page, '#edit-product');
  await page.getByLabel('Price (₦)').fill('₦14,200');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText(MSG.productUpdated).waitFor();
  const saved = (await (await fetch(`${apiUrl}/shops/${shop.id}/products`)).json()) as ApiProduct[];
  expect(saved.map(({ price }) => price)).toEqual([14_200]);
});
