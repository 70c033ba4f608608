import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { expect, jsMode, test } from './support/browser';
import { tag } from './support/owners';
import { ownerAtApi, shopOf } from './support/web-requests';

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
});
