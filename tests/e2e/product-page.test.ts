import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { grantModerator } from './support/moderators';
import { tag } from './support/owners';
import { type ApiOwner, ownerAtApi, productDetails, productsOf, shopOf } from './support/web-requests';

/** A word of letters only, so search reads it as one word that nothing else in the run holds. */
const uniqueWord = () => `Zq${tag().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;

type Listed = { owner: ApiOwner; shop: { id: string; name: string }; product: { id: string; name: string } };

/** A shop in Yaba with one product (₦1,500) whose details are all set. */
async function listedProduct(apiUrl: string): Promise<Listed> {
  const owner = await ownerAtApi(apiUrl);
  const word = uniqueWord();
  const shop = await shopOf(apiUrl, owner, { name: `Yaba Phones ${word}`, area: 'Yaba', state: 'Lagos' });
  const [product] = await productsOf(apiUrl, owner, shop.id, [`Tecno Spark ${word}`]);
  await productDetails(apiUrl, owner, product!.id, {
    description: 'Clean, with charger.\nNo scratches <b>at all</b>.',
    condition: 'tokunbo',
    negotiable: 'true',
    in_stock: 'false',
  });
  return { owner, shop, product: product! };
}

/** Everything a buyer reads on the product's page. */
async function expectProductPage(page: Page, { shop, product }: Listed) {
  // A client-side navigation changes the URL a moment before the new page shows.
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/product/${product.id}`);
  expect(await page.title()).toBe(`${product.name} – ₦1,500 – ${shop.name} | Kasuwa`);
  expect(await page.locator('.product-page-price').textContent()).toBe('₦1,500Negotiable');
  expect(await page.getByText('Condition: Tokunbo (foreign used)').isVisible()).toBe(true);
  expect(await page.getByText('Out of stock', { exact: true }).isVisible()).toBe(true);
  // The description is shown as its text, never as HTML.
  expect(await page.locator('.shop-description').textContent()).toBe('Clean, with charger.\nNo scratches <b>at all</b>.');
  const seller = page.getByRole('region', { name: 'Sold by' });
  expect(await seller.getByRole('link', { name: shop.name }).getAttribute('href')).toBe(`/shop/${shop.id}`);
  expect(await seller.getByText('Yaba, Lagos').isVisible()).toBe(true);
  expect(await seller.getByText('Not rated yet').isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Call 0803 123 4567' }).getAttribute('href')).toBe('tel:+2348031234567');
  const whatsapp = new URL((await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')) ?? '');
  expect(whatsapp.searchParams.get('text')).toMatch(
    new RegExp(`^Hello, I saw ${product.name} \\(₦1,500\\) on Kasuwa: https?://[^/]+/product/${product.id}\\. Is it available\\?$`),
  );
  const fullSize = page.getByRole('link', { name: `View full size photo of ${product.name}` });
  expect(await fullSize.getAttribute('href')).toMatch(/^\/media\/products\//);
}

describe(`a product's own page (JavaScript ${jsMode})`, () => {
  test("opens from the shop's product list and shows the product, its shop, and Call and WhatsApp naming it", async ({ page, apiUrl }) => {
    const listed = await listedProduct(apiUrl);
    await page.goto(`/shop/${listed.shop.id}`);
    await page.getByRole('list', { name: 'Products' }).getByRole('link', { name: listed.product.name }).click();
    await page.waitForURL(`**/product/${listed.product.id}`);
    await expectProductPage(page, listed);
  });

  test('opens from the Products of a search', async ({ page, apiUrl }) => {
    const listed = await listedProduct(apiUrl);
    const word = listed.product.name.split(' ').at(-1)!;
    await page.goto(`/searchResults?q=${word}`);
    await page
      .getByRole('region', { name: 'Products' })
      .getByRole('link', { name: new RegExp(listed.product.name) })
      .click();
    await page.waitForURL(`**/product/${listed.product.id}`);
    await expectProductPage(page, listed);
  });

  test('describes the product to search engines as a schema.org Product priced in naira, with its canonical address', async ({ page, apiUrl, webUrl }) => {
    const { shop, product } = await listedProduct(apiUrl);
    const response = await page.goto(`/product/${product.id}`);
    expect(response?.status()).toBe(200);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: 'Clean, with charger. No scratches <b>at all</b>.',
      offers: {
        price: 1500,
        priceCurrency: 'NGN',
        availability: 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/UsedCondition',
        seller: { '@type': 'Organization', name: shop.name },
      },
    });
    expect(ld.image).toMatch(/^https?:\/\/.+\/media\/products\//);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${webUrl.replace(/\/$/, '')}/product/${product.id}`);
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('product');
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(ld.image);
  });

  test("Order takes it to its shop's order request page with the quantity, as the shop page does; out of stock, it offers none", async ({ page, apiUrl }) => {
    const { owner, product } = await listedProduct(apiUrl);
    await page.goto(`/product/${product.id}`);
    await page.getByText('Out of stock', { exact: true }).waitFor();
    expect(await page.getByText('Order', { exact: true }).count()).toBe(0);

    await productDetails(apiUrl, owner, product.id, { in_stock: 'true' });
    await page.goto(`/product/${product.id}?again`);
    await page.getByText('Order', { exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/order'));
    const first = page.locator('.order-line').first();
    expect(await first.locator('label').textContent()).toContain(product.name);
    expect(await first.getByRole('spinbutton').inputValue()).toBe('2');
  });

  test('an unknown product is a 404 with words a buyer understands', async ({ page }) => {
    const response = await page.goto('/product/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await page.getByText(MSG.productNotFound).waitFor();
  });

  test.runIf(plainHttp)("an old shared link, /product/{shop's id}, still opens the shop with a 301", async ({ apiUrl, webUrl }) => {
    const { shop } = await listedProduct(apiUrl);
    const answer = await fetch(`${webUrl}/product/${shop.id}`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(new URL(answer.headers.get('location') ?? '', webUrl).pathname).toBe(`/shop/${shop.id}`);
  });

  test.runIf(plainHttp)("a hidden shop's product is a 404 to visitors", async ({ apiUrl, webUrl }) => {
    const { shop, product } = await listedProduct(apiUrl);
    expect((await fetch(`${webUrl}/product/${product.id}`)).status).toBe(200);
    const moderator = await ownerAtApi(apiUrl);
    await grantModerator(moderator.email);
    const hidden = await fetch(`${apiUrl}/moderation/shops/${shop.id}/actions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${moderator.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'hide', note: 'Sells stolen phones' }),
    });
    expect(hidden.status).toBe(200);
    // The web tier's shared copy lasts PUBLIC_CACHE_SECONDS after a write that bypassed it, in each worker
    // apart: one answer is judged whole, status and words, as a second could come from another worker.
    const answer = async () => {
      const page = await fetch(`${webUrl}/product/${product.id}`);
      return { status: page.status, says: (await page.text()).includes(MSG.productNotFound) };
    };
    await expect.poll(answer, { timeout: 15_000, interval: 500 }).toEqual({ status: 404, says: true });
  });
});
