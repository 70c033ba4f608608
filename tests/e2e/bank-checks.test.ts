import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { signInByCookie, tag } from './support/owners';
import { ownerAtApi, shopOf } from './support/web-requests';

describe(`a shop's bank name, matched (JavaScript ${jsMode})`, () => {
  test("the owner's typed name must match the simulator's account; a mismatch keeps what was typed; buyers see the bank, the last 4 digits and the name", async ({
    page,
    apiUrl,
    webUrl,
  }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Ngozi Wax Prints ${tag()}` });
    await signInByCookie(page, webUrl, owner);

    await page.goto('/myShop');
    await page.getByRole('listitem').filter({ hasText: shop.name }).getByRole('link', { name: 'Match your bank name' }).click();
    await page.waitForURL((url) => url.pathname === `/myShop/${shop.id}/bank`);
    await page.getByRole('heading', { level: 1, name: `Match the bank name of ${shop.name}` }).waitFor();
    await whenInteractive(page, '#bank-check');
    const number = page.getByLabel('Account number (10 digits)');
    const name = page.getByLabel('Your full name');
    const send = () => page.getByRole('button', { name: 'Check the name' }).click();

    await page.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
    await number.fill('01234');
    await name.fill('Ada Obi');
    await send();
    await page.getByText(MSG.bankAccountNumberInvalid).waitFor();

    // The simulator's account holder is OBI NGOZI ADA (README): two of three names do not match.
    await number.fill('0123456789');
    await send();
    await page.getByText(MSG.bankNameMismatch).waitFor();
    expect(await number.inputValue()).toBe('0123456789');
    expect(await page.getByLabel('Bank').inputValue()).toBe('058');

    await name.fill('Ngozi Ada Obi');
    await send();
    await page.getByText('Matched: the account at Guaranty Trust Bank ending 6789 is in the name Ngozi Ada Obi.', { exact: false }).waitFor();
    expect(await page.content()).not.toContain('0123456789');

    await page.context().clearCookies();
    await page.goto(`/searchResults?q=${encodeURIComponent(shop.name)}`);
    const card = page.getByRole('listitem').filter({ hasText: shop.name });
    await card.first().waitFor();
    expect(await card.getByText('✓ Bank name matched').count()).toBe(1);
    await page.goto(`/shop/${shop.id}`);
    await page
      .getByText('Its account at Guaranty Trust Bank ending 6789 is in the name Ngozi Ada Obi. Before you send money, check that your bank shows this name.')
      .waitFor();
    await page.getByRole('list', { name: 'Checks this shop passed' }).getByRole('link', { name: '✓ Bank name matched' }).click();
    await page.waitForURL((url) => url.pathname === '/verification' && url.hash === '#bank');
    await page.getByRole('heading', { level: 2, name: '✓ Bank name matched' }).waitFor();
  });
});
