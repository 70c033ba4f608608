import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { newPerson, signIn, signUpAtApi } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { tag } from './support/owners';
import { ownerAtApi, shopOf } from './support/web-requests';

async function savedAtApi(apiUrl: string, access: string): Promise<string[]> {
  const response = await fetch(`${apiUrl}/saved/ids`, { headers: { authorization: `Bearer ${access}` } });
  return ((await response.json()) as { shop_ids: string[] }).shop_ids;
}

/** Taps a heart and waits for its new state: in place with JavaScript, after the post and the way back without. */
async function tapHeart(page: Page, name: string, pressedAfter: boolean) {
  const heart = page.getByRole('button', { name, exact: true });
  await whenInteractive(page, '.heart');
  // A mark on the window survives only if the page is not loaded again.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  await heart.click();
  await expect.poll(() => page.locator(`.heart[aria-pressed="${pressedAfter}"]`).count()).toBeGreaterThan(0);
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(jsMode === 'on');
}

describe(`saved shops (JavaScript ${jsMode})`, () => {
  test('a signed-out visitor saves a shop from a search result, finds it on Saved shops, and signing in keeps it in the account', async ({
    page,
    context,
    apiUrl,
  }) => {
    const shop = await shopOf(apiUrl, await ownerAtApi(apiUrl), { name: `Hearted Suya ${tag()}` });
    const search = `/searchResults?${new URLSearchParams({ q: shop.name })}`;
    await page.goto(search);
    await tapHeart(page, `Save ${shop.name}`, true);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(search);
    expect(await page.getByRole('button', { name: `Remove ${shop.name} from saved`, exact: true }).getAttribute('aria-pressed')).toBe('true');

    // Another visitor, sharing the page memory, sees the heart empty.
    const stranger = await (await context.browser()!.newContext({ baseURL: new URL(page.url()).origin })).newPage();
    await stranger.goto(search);
    expect(await stranger.getByRole('button', { name: `Save ${shop.name}`, exact: true }).getAttribute('aria-pressed')).toBe('false');
    await stranger.context().close();

    await page.goto('/saved');
    expect(await page.getByRole('list', { name: 'Saved shops' }).getByRole('link', { name: shop.name }).isVisible()).toBe(true);

    const person = newPerson();
    const access = (await signUpAtApi(apiUrl, person)).token.access;
    await signIn(page, person.username, person.password);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await savedAtApi(apiUrl, access)).toEqual([shop.id]);
    expect((await context.cookies()).some((cookie) => cookie.name === 'kasuwa_saved')).toBe(false);
    await page.goto('/saved');
    expect(await page.getByRole('list', { name: 'Saved shops' }).getByRole('link', { name: shop.name }).isVisible()).toBe(true);
  });

  test('a signed-out visitor who taps several hearts in a row keeps every shop', async ({ page, apiUrl }) => {
    const word = `Rapid${tag()}`;
    const owner = await ownerAtApi(apiUrl);
    const shops: Awaited<ReturnType<typeof shopOf>>[] = [];
    for (const n of [1, 2, 3]) shops.push(await shopOf(apiUrl, owner, { name: `${word} Stall ${n}` }));
    await page.goto(`/searchResults?q=${word}`);
    if (jsMode === 'on') {
      await whenInteractive(page, '.heart');
      // All within one round trip, as quick taps on a slow connection are.
      await page.evaluate(() => {
        const hearts = document.querySelectorAll<HTMLButtonElement>('.heart');
        for (const heart of hearts) heart.click();
        // A heart that turns back, even for a moment while its post waits its turn, reads as a lost tap.
        new MutationObserver(() => {
          if ([...hearts].some((heart) => heart.getAttribute('aria-pressed') !== 'true')) document.body.dataset.heartTurnedBack = '1';
        }).observe(document.body, { subtree: true, attributeFilter: ['aria-pressed'] });
      });
    } else {
      for (const shop of shops) await tapHeart(page, `Save ${shop.name}`, true);
    }
    expect(await page.locator('.heart[aria-pressed="true"]').count()).toBe(3);
    const savedNames = async () => {
      const html = await (await page.context().request.get('/saved')).text();
      return shops.filter((shop) => html.includes(shop.name)).length;
    };
    await expect.poll(savedNames).toBe(3);
    expect(await page.locator('body[data-heart-turned-back]').count()).toBe(0);
  });

  test.runIf(jsMode === 'on')('a heart tapped on a shop removed since the page came says so, and turns back empty', async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Vanished Stall ${tag()}` });
    await page.goto(`/searchResults?q=${encodeURIComponent(shop.name)}`);
    await whenInteractive(page, '.heart');
    await fetch(`${apiUrl}/shops/${shop.id}/delete/`, { method: 'DELETE', headers: { authorization: `Bearer ${owner.access}` } });
    await page.getByRole('button', { name: `Save ${shop.name}`, exact: true }).click();
    await page.getByRole('alert').getByText('This shop is no longer on Kasuwa.').waitFor();
    expect(await page.getByRole('button', { name: `Save ${shop.name}`, exact: true }).getAttribute('aria-pressed')).toBe('false');
  });

  test('a signed-in person removes a saved shop from its page, and it stays removed', async ({ page, apiUrl }) => {
    const shop = await shopOf(apiUrl, await ownerAtApi(apiUrl), { name: `Unloved Stall ${tag()}` });
    const person = newPerson();
    const access = (await signUpAtApi(apiUrl, person)).token.access;
    await fetch(`${apiUrl}/saved/${shop.id}/`, { method: 'PUT', headers: { authorization: `Bearer ${access}` } });
    await signIn(page, person.username, person.password);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`/shop/${shop.id}`);
    await tapHeart(page, `Remove ${shop.name} from saved`, false);
    expect(new URL(page.url()).pathname).toBe(`/shop/${shop.id}`);
    await expect.poll(() => savedAtApi(apiUrl, access)).toEqual([]);
    await page.reload();
    expect(await page.getByRole('button', { name: `Save ${shop.name}`, exact: true }).getAttribute('aria-pressed')).toBe('false');
    await page.goto('/saved');
    await page.getByText('You have not saved any shops yet.', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse shops' }).getAttribute('href')).toBe('/');
  });
});
