import { describe } from 'vitest';
import { monthInLagos } from '#rules/dates.ts';
import { logOut, signIn } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { grantModerator } from './support/moderators';
import { tag } from './support/owners';
import { ownerAtApi, shopOf } from './support/web-requests';

describe(`a stall visit (JavaScript ${jsMode})`, () => {
  test("a moderator at the stall records a visit from the poster's short link; buyers see the check with its month", async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = (await shopOf(apiUrl, owner, { name: `Balogun Lace House ${tag()}` })) as { id: string; name: string; short_code: string };
    const moderator = await ownerAtApi(apiUrl);
    await grantModerator(moderator.email);
    const shortLink = `/s/${shop.short_code}`;
    const check = `✓ Stall visited in ${monthInLagos(new Date(), 'en')}`;

    // Anyone else, signed in or not, goes straight to the shop.
    await page.goto(shortLink);
    expect(new URL(page.url()).pathname).toBe(`/shop/${shop.id}`);
    await signIn(page, owner.username, owner.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(shortLink);
    expect(new URL(page.url()).pathname).toBe(`/shop/${shop.id}`);
    await logOut(page);

    await signIn(page, moderator.username, moderator.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(shortLink);
    await page.getByRole('heading', { level: 1, name: 'Record a stall visit' }).waitFor();
    await whenInteractive(page, '#stall-visit');
    await page.getByLabel('Note (optional): what you saw').fill('Stall 14 on the second floor; lace on show.');
    await page.getByRole('button', { name: 'Record a stall visit' }).click();
    await page.getByText(`Visit recorded. Buyers now see “Stall visited in ${monthInLagos(new Date(), 'en')}” on ${shop.name}.`).waitFor();
    await logOut(page);

    await page.goto(`/searchResults?q=${encodeURIComponent(shop.name)}`);
    const card = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: shop.name });
    await card.waitFor();
    expect(await card.getByText(check).count()).toBe(1);
    await page.goto(`/shop/${shop.id}`);
    await page.getByRole('list', { name: 'Checks this shop passed' }).getByRole('link', { name: check }).click();
    await page.waitForURL((url) => url.pathname === '/verification' && url.hash === '#stall');
    // With JavaScript the address changes before the page does.
    await page.getByRole('heading', { level: 2, name: '✓ Stall visited' }).waitFor();
  });
});
