import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { signInByCookie, tag } from './support/owners';
import { codeTextedTo, freshNumber, verifyAtApi } from './support/phone-codes';
import { ownerAtApi, shopOf } from './support/web-requests';

async function typeCode(page: Page, code: string) {
  await whenInteractive(page, '#phone-code');
  await page.getByLabel('Code from the text message').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

describe(`a shop's phone, verified (JavaScript ${jsMode})`, () => {
  test('the owner verifies with the texted code after five wrong tries end the first one; buyers see the check on the card and the page, and what it means', async ({
    page,
    apiUrl,
    webUrl,
  }) => {
    const { national, international } = freshNumber();
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Nkechi Provisions ${tag()}`, phone: national });
    await signInByCookie(page, webUrl, owner);

    await page.goto('/myShop');
    await page.getByRole('listitem').filter({ hasText: shop.name }).getByRole('link', { name: 'Verify the phone number' }).click();
    await page.waitForURL((url) => url.pathname === `/myShop/${shop.id}/phone`);
    await page.getByText(`Buyers call ${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}.`).waitFor();

    let sentAt = Date.now() - 1000;
    await whenInteractive(page, 'form');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText('We texted a code to').waitFor();
    const first = await codeTextedTo(international, sentAt);
    const wrong = `${(Number(first[0]) + 1) % 10}${first.slice(1)}`;
    for (let left = 4; left >= 1; left -= 1) {
      await typeCode(page, wrong);
      await page.getByText(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`).waitFor();
    }
    await typeCode(page, wrong);
    await page.getByText('That code has ended after 5 wrong tries. Ask for a new code.').waitFor();
    // Ended is ended: the right code no longer works either.
    await typeCode(page, first);
    await page.getByText('That code has ended after 5 wrong tries. Ask for a new code.').waitFor();

    sentAt = Date.now() - 1000;
    await page.getByRole('button', { name: 'Text me a new code' }).click();
    // The page the send redirects to has no refusal on it; typing earlier races that navigation.
    await page.getByText('That code has ended after 5 wrong tries. Ask for a new code.').waitFor({ state: 'detached' });
    await typeCode(page, await codeTextedTo(international, sentAt));
    await page.getByText(/^Done: .* is verified\.$/).waitFor();

    await page.context().clearCookies();
    await page.goto(`/searchResults?q=${encodeURIComponent(shop.name)}`);
    const card = page.getByRole('listitem').filter({ hasText: shop.name });
    expect(await card.getByText('✓ Phone verified').count()).toBe(1);
    await page.goto(`/shop/${shop.id}`);
    await page.getByRole('list', { name: 'Checks this shop passed' }).getByRole('link', { name: '✓ Phone verified' }).click();
    await page.waitForURL((url) => url.pathname === '/verification');
    await page.getByRole('heading', { level: 1, name: 'What our checks mean' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: '✓ Phone verified' }).count()).toBe(1);
    expect(await page.getByText('It is not a guarantee').count()).toBe(1);
  });

  test('buyers narrow search and home to verified sellers with one checkbox', async ({ page, apiUrl }) => {
    const word = `Kunu${tag()}`;
    const { national } = freshNumber();
    const owner = await ownerAtApi(apiUrl);
    const checked = await shopOf(apiUrl, owner, { name: `${word} Verified Drinks`, phone: national });
    await verifyAtApi(apiUrl, owner.access, national);
    const other = await shopOf(apiUrl, await ownerAtApi(apiUrl), { name: `${word} Other Drinks` });
    const cardsIn = (list: string) => page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: word });
    let cards = cardsIn('Search results');

    await page.goto(`/searchResults?q=${encodeURIComponent(word)}`);
    await cards.filter({ hasText: other.name }).waitFor();
    expect(await cards.count()).toBe(2);
    await whenInteractive(page, 'form.search-filters input[name="verified"]');
    await page.getByText('Filters', { exact: true }).click();
    await page.getByLabel('Verified sellers only').check();
    if (jsMode === 'off') await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('verified') === '1');
    // The URL changes before React shows the new list (the skeleton may stand between): read until it does.
    await expect.poll(() => cards.allTextContents()).toEqual([expect.stringContaining(checked.name)]);

    cards = cardsIn('Shops for you');
    await page.goto('/');
    await whenInteractive(page, 'form.state-picker input[name="verified"]');
    await page.getByLabel('Verified sellers only').check();
    if (jsMode === 'off') await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('verified') === '1');
    await cards.filter({ hasText: checked.name }).waitFor();
    expect(await cards.filter({ hasText: other.name }).count()).toBe(0);
  });
});
