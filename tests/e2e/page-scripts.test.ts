import type { Page, Response } from 'playwright-core';
import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { tag } from './support/owners';
import { ownerAtApi, productsOf, shopOf } from './support/web-requests';

/** The text of every script the page loaded, once it is interactive. */
async function scriptsOf(page: Page, path: string): Promise<string> {
  const scripts: Response[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  };
  page.on('response', onResponse);
  await page.goto(path);
  await whenInteractive(page, 'body');
  page.off('response', onResponse);
  return (await Promise.all(scripts.map((script) => script.text()))).join('\n');
}

describe.runIf(jsMode === 'on')(`what a public page's scripts carry (JavaScript ${jsMode})`, () => {
  test('the home, shop and product pages load none of the form messages; a form page does', async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Scripts Shop ${tag()}` });
    const [product] = await productsOf(apiUrl, owner, shop.id, ['Tin of milk']);

    for (const path of ['/', `/shop/${shop.id}`, `/product/${product!.id}`]) {
      const scripts = await scriptsOf(page, path);
      expect(scripts, path).toContain('react.transitional.element');
      expect(scripts.includes(MSG.passwordMin), path).toBe(false);
      expect(scripts.includes(MSG.usernameOrEmailRequired), path).toBe(false);
    }
    expect(await scriptsOf(page, '/signup')).toContain(MSG.passwordMin);
  });
});
