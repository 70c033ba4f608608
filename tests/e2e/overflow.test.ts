import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { REVIEW_MAX, TEXT_MAX } from '#rules/limits.ts';
import { newPerson, signUpAtApi } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { tag } from './support/owners';
import { type ApiOwner, ownerAtApi, productDetails, productsOf, shopOf, webSessionCookie } from './support/web-requests';

const PHONE_WIDTHS = [360, 412];

/** Text of `length` characters: ordinary words, or one word with no place to break. */
const words = (length: number) => `Ọlájùmọ̀kẹ́ Mega Provisions ${tag()} `.repeat(40).slice(0, length).trim();
const oneWord = (length: number) => `W${tag()}`.padEnd(length, 'w');

/**
 * What a phone would show wrong on the page as it is now: its width beyond the screen's, and lines of text
 * that a box with hidden overflow (a clamp, a card) cuts through, neither wholly shown nor wholly hidden.
 * Each line is judged by its clipping boxes from the innermost out: one a box hides whole is seen by no outer box.
 */
function faultsOnScreen(): string[] {
  const faults: string[] = [];
  const extra = document.documentElement.scrollWidth - window.innerWidth;
  if (extra > 0) faults.push(`${extra} px wider than the screen`);
  const clips = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    const parent = text.parentElement!;
    // 1 px boxes hide text on purpose, for screen readers only.
    if (!text.textContent?.trim() || parent.closest('.visually-hidden') || getComputedStyle(parent).visibility === 'hidden') continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    for (const line of range.getClientRects()) {
      if (line.height === 0) continue;
      for (let box: HTMLElement | null = parent; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        // An ellipsis says itself that the line goes on.
        if (clips(style.overflowX) && style.textOverflow === 'ellipsis') break;
        const clipsY = clips(style.overflowY);
        const clipsX = clips(style.overflowX);
        if (!clipsX && !clipsY) continue;
        const rect = box.getBoundingClientRect();
        const bottom = rect.bottom - Number.parseFloat(style.borderBottomWidth);
        const right = rect.right - Number.parseFloat(style.borderRightWidth);
        if ((clipsY && line.top >= bottom - 1) || (clipsX && line.left >= right - 1)) break;
        if ((clipsY && line.bottom > bottom + 1) || (clipsX && line.right > right + 1)) {
          faults.push(`"${text.textContent.trim().slice(0, 40)}" cut by .${box.className || box.tagName}`);
          break;
        }
      }
    }
  }
  return [...new Set(faults)];
}

async function faultsAt(page: Page, path: string): Promise<Record<string, string[]>> {
  await page.goto(path);
  const found: Record<string, string[]> = {};
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const faults = await page.evaluate(faultsOnScreen);
    if (faults.length) found[`${path} at ${width} px`] = faults;
  }
  return found;
}

async function signInAs(page: Page, webUrl: string, person: { username: string; password: string } | null) {
  await page.context().clearCookies();
  if (!person) return;
  const cookie = await webSessionCookie(webUrl, person);
  const at = cookie.indexOf('=');
  await page.context().addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: webUrl, httpOnly: true, sameSite: 'Lax' }]);
}

async function rate(apiUrl: string, access: string, shopId: string, review: string) {
  const response = await fetch(`${apiUrl}/shops/${shopId}/rating`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ stars: 4, review }),
  });
  expect(response.status).toBeLessThan(300);
}

/** A shop with every text field as long as the forms allow, written as `text` writes, with such products. */
async function longestShop(apiUrl: string, owner: ApiOwner, text: (length: number) => string) {
  const shop = await shopOf(apiUrl, owner, {
    name: text(TEXT_MAX.shopName),
    address: text(TEXT_MAX.shopAddress),
    category: text(TEXT_MAX.shopCategory),
    description: text(TEXT_MAX.shopDescription),
    area: text(TEXT_MAX.shopArea),
    state: 'Abuja (FCT)',
    tags: Array.from({ length: 10 }, () => text(TEXT_MAX.tag)).join(','),
  });
  const products = await productsOf(apiUrl, owner, shop.id, [text(TEXT_MAX.productName), text(TEXT_MAX.productName)]);
  const details = { description: text(TEXT_MAX.productDescription), condition: 'tokunbo', negotiable: 'true', in_stock: 'false' };
  await productDetails(apiUrl, owner, products[0]!.id, details);
  return { shop, product: products[0]! };
}

describe(`pages on a 360 and a 412 px phone (JavaScript ${jsMode})`, () => {
  test('no page, signed out or in, is wider than the screen or cuts a line of text, with the longest text the forms allow', async ({
    page,
    apiUrl,
    webUrl,
  }) => {
    const owner = await ownerAtApi(apiUrl, { username: oneWord(TEXT_MAX.username) });
    const spaced = await longestShop(apiUrl, owner, words);
    const unbroken = await longestShop(apiUrl, owner, oneWord);
    const buyer = newPerson({ username: oneWord(TEXT_MAX.username) });
    const { token } = await signUpAtApi(apiUrl, buyer);
    await rate(apiUrl, token.access, spaced.shop.id, words(REVIEW_MAX));
    await rate(apiUrl, token.access, unbroken.shop.id, oneWord(REVIEW_MAX));

    const shops = [spaced, unbroken];
    const visitor = [
      '/',
      `/searchResults?q=${'a'.repeat(60)}`,
      `/searchResults?category=${encodeURIComponent(unbroken.shop.name.slice(0, TEXT_MAX.shopCategory))}`,
      ...shops.flatMap(({ shop, product }) => [
        `/searchResults?q=${encodeURIComponent(shop.name)}`,
        `/shop/${shop.id}`,
        `/shop/${shop.id}/reviews`,
        `/product/${product.id}`,
        `/shop/${shop.id}/message`,
        `/shop/${shop.id}/order?product=${product.id}&qty=2`,
      ]),
      '/login',
      '/signup',
      '/forgotPassword',
      '/reset-password?uid=x&token=y',
      '/lilyChat',
      '/settings',
      '/fetchAdDetails',
      '/verification',
      '/no-such-page',
    ];
    const asBuyer = ['/', '/rating', '/messages', ...shops.map(({ shop }) => `/shop/${shop.id}/rate`)];
    const asOwner = [
      '/myShop',
      '/createShop',
      '/purchaseAds',
      '/verify-transaction?reference=none',
      ...shops.flatMap(({ shop, product }) => [
        `/editShop/${shop.id}/edit-shop`,
        `/shop/${shop.id}/products`,
        `/shop/${shop.id}/add-products`,
        `/shop/${product.id}/edit-products`,
        `/shop/${shop.id}/step1`,
        `/myShop/${shop.id}/phone`,
        `/myShop/${shop.id}/bank`,
      ]),
    ];

    const faults: Record<string, string[]> = {};
    for (const [person, paths] of [
      [null, visitor],
      [buyer, asBuyer],
      [owner, asOwner],
    ] as const) {
      await signInAs(page, webUrl, person);
      for (const path of paths) Object.assign(faults, await faultsAt(page, path));
    }
    expect(faults).toEqual({});
  });

  test('the translated pages hold in every language, their longest words included', async ({ page }) => {
    const withLanguage = (path: string, language: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
    const paths = ['/', '/?state=Kebbi', '/searchResults', `/searchResults?q=${'a'.repeat(60)}`, '/searchResults?q=zqxjv&sort=rating'];
    const faults: Record<string, string[]> = {};
    for (const language of ['ha', 'yo', 'ig', 'pcm']) {
      for (const path of paths) {
        // A state chosen on one page is kept in a cookie: each page starts from none, so every language sees the cards.
        await page.context().clearCookies();
        Object.assign(faults, await faultsAt(page, withLanguage(path, language)));
      }
    }
    expect(faults).toEqual({});
  });

  // Every page in every language at two widths: longer than the default limit while the other e2e run shares the machine.
  test("an owner's pages, the account pages and ratings hold in every language", async ({ page, apiUrl, webUrl }) => {
    const withLanguage = (path: string, language: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
    const owner = await ownerAtApi(apiUrl, { username: oneWord(TEXT_MAX.username) });
    const { shop, product } = await longestShop(apiUrl, owner, words);
    const visitor = [
      '/login',
      '/signup',
      '/forgotPassword',
      '/reset-password?uid=x&token=y',
      '/settings',
      '/saved',
      `/shop/${shop.id}/reviews`,
      '/verification',
    ];
    const asOwner = [
      '/myShop',
      '/createShop',
      '/settings',
      '/rating',
      `/editShop/${shop.id}/edit-shop`,
      `/shop/${shop.id}/products`,
      `/shop/${shop.id}/add-products`,
      `/shop/${product.id}/edit-products`,
      `/myShop/${shop.id}/phone?sent=1`,
      `/myShop/${shop.id}/bank`,
      `/shop/${shop.id}/step1`,
      '/purchaseAds',
    ];
    const faults: Record<string, string[]> = {};
    for (const language of ['ha', 'yo', 'ig', 'pcm']) {
      for (const [person, paths] of [
        [null, visitor],
        [owner, asOwner],
      ] as const) {
        await signInAs(page, webUrl, person);
        for (const path of paths) Object.assign(faults, await faultsAt(page, withLanguage(path, language)));
      }
    }
    expect(faults).toEqual({});
  }, 180_000);
});
