import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { TEXT_MAX } from '#rules/limits.ts';
import { expect, jsMode, test } from './support/browser';
import { tag } from './support/owners';
import { ownerAtApi, productsOf, shopOf, webSessionCookie } from './support/web-requests';

/** Lines of card text that the card's box cuts through: neither wholly shown nor wholly hidden. */
function halfShownLines(page: Page) {
  return page.locator('.shop-card').evaluateAll((cards) =>
    cards.flatMap((card) =>
      [...card.querySelectorAll<HTMLElement>('.card-name, .card-meta')].flatMap((text) => {
        const box = text.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(text);
        return [...range.getClientRects()]
          .filter((line) => line.height > 0 && line.top < box.bottom - 0.5 && line.bottom > box.bottom + 0.5)
          .map(() => text.textContent ?? '');
      }),
    ),
  );
}

/** The page's width beyond the screen's, at each phone width. */
async function overflowAt(page: Page, path: string) {
  const widths: Record<string, number> = {};
  await page.goto(path);
  for (const width of [360, 412]) {
    await page.setViewportSize({ width, height: 800 });
    widths[`${path} at ${width}`] = await page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
  }
  return widths;
}

/** How many lines an element's text takes, from the tops of its boxes. */
function linesIn(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const boxes = [...range.getClientRects()].filter((box) => box.width > 0).sort((a, b) => a.top - b.top);
      // A font's boxes can be taller than the line height, so lines overlap: a new line starts half a box lower.
      let lines = 0;
      let top = Number.NEGATIVE_INFINITY;
      for (const box of boxes) {
        if (box.top > top + box.height / 2) {
          lines += 1;
          top = box.top;
        }
      }
      return lines;
    });
}

/** An element's width and height on the screen. */
async function sizeOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
}

describe(`the layout on a phone (JavaScript ${jsMode})`, () => {
  test('a card shows whole lines of its address, never a line cut in half', async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const name = `Long Address Stores ${tag()}`;
    await shopOf(apiUrl, owner, { name, address: '12 Adeola Odeku Street, off Ajose Adeogun, Victoria Island, Lagos, beside the big blue gate' });
    await page.setViewportSize({ width: 412, height: 800 });
    await page.goto(`/searchResults?q=${encodeURIComponent(name)}`);
    await page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first().waitFor();
    expect(await halfShownLines(page)).toEqual([]);
  });

  test('the longest single words people may type never make a page wider than the screen', async ({ page, apiUrl, webUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const word = (length: number) => `W${tag()}`.padEnd(length, 'w');
    const shop = await shopOf(apiUrl, owner, {
      name: word(TEXT_MAX.shopName),
      address: word(TEXT_MAX.shopAddress),
      category: word(TEXT_MAX.shopCategory),
      description: word(TEXT_MAX.shopDescription),
    });
    const [product] = await productsOf(apiUrl, owner, shop.id, [word(TEXT_MAX.productName)]);
    const cookie = await webSessionCookie(webUrl, owner);
    const at = cookie.indexOf('=');
    await page.context().addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: webUrl, httpOnly: true, sameSite: 'Lax' }]);
    const paths = [
      `/searchResults?q=${'a'.repeat(60)}`,
      `/searchResults?q=${encodeURIComponent(shop.name)}`,
      `/shop/${shop.id}`,
      `/product/${product!.id}`,
      '/myShop',
      `/shop/${shop.id}/products`,
      `/editShop/${shop.id}/edit-shop`,
      `/shop/${product!.id}/edit-products`,
      `/shop/${shop.id}/add-products`,
      `/shop/${shop.id}/step1`,
    ];
    const overflow: Record<string, number> = {};
    for (const path of paths) Object.assign(overflow, await overflowAt(page, path));
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((key) => [key, 0])));
  });
  test('the save heart keeps its size beside a long shop name that wraps, on cards and on the shop page', async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const name = `Iya Basira Provisions and Household Wholesale Stores ${tag()}`;
    const shop = await shopOf(apiUrl, owner, { name });
    const sizes: Record<string, { width: number; height: number }> = {};
    for (const width of [360, 412]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/searchResults?q=${encodeURIComponent(name)}`);
      await page.getByRole('button', { name: `Save ${name}` }).waitFor();
      sizes[`card at ${width}`] = await sizeOf(page, '.shop-card .heart');
      await page.goto(`/shop/${shop.id}`);
      expect(await linesIn(page, 'h1'), 'the name wraps').toBeGreaterThan(1);
      sizes[`shop page at ${width}`] = await sizeOf(page, '.shop-title .heart');
    }
    expect(sizes).toEqual(Object.fromEntries(Object.keys(sizes).map((key) => [key, { width: 44, height: 44 }])));
  });

  test("at 360 px the header's Search button and the shop's Message this shop button keep their words on one line", async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/shop/${shop.id}`);
    await page.locator('.search-toggle summary').click();
    await page.getByRole('search', { name: 'Search shops' }).getByRole('button', { name: 'Search' }).waitFor();

    expect(await linesIn(page, '.search-panel button[type="submit"]')).toBe(1);
    expect(await linesIn(page, '.message-shop')).toBe(1);
  });

  test("the rating's thank-you spans the page's width at 360 px, not a narrow column", async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/shop/${shop.id}?rated=1`);
    const thanks = page.getByRole('status').filter({ hasText: 'Thanks! Your rating is saved.' });
    await thanks.waitFor();

    const [thanksWidth, summaryWidth] = await Promise.all([thanks.boundingBox(), page.locator('.shop-summary').boundingBox()]);
    expect(thanksWidth!.width).toBeGreaterThanOrEqual(summaryWidth!.width - 40);
    expect(await linesIn(page, '.rate-thanks')).toBe(1);
  });
});
