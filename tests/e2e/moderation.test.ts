import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { accountMenu, logOut, signIn } from './support/accounts';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { grantModerator } from './support/moderators';
import { tag } from './support/owners';
import { freshNumber, verifyAtApi } from './support/phone-codes';
import { ownerAtApi, productsOf, shopOf, webSessionCookie } from './support/web-requests';

async function rateAtApi(apiUrl: string, access: string, shopId: string, stars: number, review: string) {
  const response = await fetch(`${apiUrl}/shops/${shopId}/rating`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ stars, review }),
  });
  if (response.status >= 300) throw new Error(`rating failed: ${response.status} ${await response.text()}`);
}

async function signInAs(page: Page, person: { username: string; password: string }) {
  await signIn(page, person.username, person.password);
  await page.waitForURL((url) => url.pathname === '/');
}

async function choose(page: Page, form: string, label: string, text?: { field: string; value: string }) {
  await whenInteractive(page, form);
  await page.getByLabel(label, { exact: true }).check();
  if (text) await page.getByLabel(text.field).fill(text.value);
}

describe(`reporting and moderation (JavaScript ${jsMode})`, () => {
  test('a buyer reports a shop once; a moderator hides it with a note; visitors get 404 and the owner reads why on My Shops and keeps its products', async ({
    page,
    apiUrl,
  }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Fake Phones ${tag()}` });
    const [buyer, moderator] = [await ownerAtApi(apiUrl), await ownerAtApi(apiUrl)];

    // Signed out: reporting asks for a sign-in first and comes back to the report.
    await page.goto(`/shop/${shop.id}`);
    await page.getByRole('link', { name: 'Report this shop' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await whenInteractive(page, '#login');
    await page.getByLabel('Username or email').fill(buyer.username);
    await page.getByLabel('Password').fill(buyer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/report`);
    await choose(page, '#report', 'Other');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Please say what is wrong.').waitFor();
    await choose(page, '#report', 'Scam or fraud');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thank you. Our moderators will look at your report.').waitFor();

    await page.goto(`/shop/${shop.id}/report`);
    await choose(page, '#report', 'Other', { field: 'Tell us more', value: 'Took my money' });
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('You have already reported this. A moderator will look at it.').waitFor();

    // Only moderators find the moderation pages, whatever the method.
    expect((await page.goto('/moderation'))?.status()).toBe(404);
    expect((await page.request.post('/moderation', { form: { action: 'hide' } })).status()).toBe(404);
    await logOut(page);
    await grantModerator(moderator.email);
    await signInAs(page, moderator);
    await page.goto('/moderation');
    const item = page.getByRole('listitem').filter({ hasText: shop.name });
    expect(await item.textContent()).toContain('1 report: Scam or fraud 1');
    await item.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/moderation/shops/${shop.id}`);
    await choose(page, '#moderate', 'Hide');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Please write a note/).waitFor();
    await choose(page, '#moderate', 'Hide', { field: 'Note', value: 'Sells stolen phones' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved: Hide.').waitFor();
    const shown = page.getByRole('region', { name: 'The shop as its page shows it' });
    expect(await shown.getByRole('img', { name: shop.name }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Open the shop page' }).count()).toBe(0);
    const log = page.getByRole('list', { name: 'Moderation log' });
    expect(await log.textContent()).toContain(`Hide by ${moderator.username}`);
    expect(await log.textContent()).toContain('Sells stolen phones');
    await logOut(page);

    expect((await page.goto(`/shop/${shop.id}`))?.status()).toBe(404);
    await page.goto(`/searchResults?q=${encodeURIComponent(shop.name)}`);
    expect(await page.getByRole('link', { name: shop.name }).count()).toBe(0);

    await signInAs(page, owner);
    await page.goto('/myShop');
    await page.getByText(`“${shop.name}” is hidden from visitors by Kasuwa's moderators. Reason: Sells stolen phones`).waitFor();
    // It cannot be deleted, advertised or put on a poster while hidden: the card offers none of it.
    const actions = page.getByRole('navigation', { name: `Manage ${shop.name}` });
    expect(await actions.getByRole('link').allTextContents()).toEqual(['Products', 'Edit Shop']);
    expect((await page.goto(`/myShop/${shop.id}/poster`))?.status()).toBe(409);
    // A refusal the page explains is not "an unexpected error".
    expect(await page.locator('h1').textContent()).toBe('That could not be done');
    await page.getByText('A moderator hid this shop, so it cannot be deleted or advertised.', { exact: false }).waitFor();
    expect((await page.goto(`/shop/${shop.id}/paymentInitiation`))?.status()).toBe(409);
    // Its products stay the owner's to see and change.
    expect((await page.goto(`/shop/${shop.id}/products`))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Products' }).waitFor();
  });

  test('scam reports from two buyers with verified phones hide a shop at once, one does not; a restore shows it again', async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Deposit First ${tag()}` });
    const buyers = [];
    for (const number of [freshNumber(), freshNumber()]) {
      const buyer = await ownerAtApi(apiUrl, { phone_number: number.national });
      await verifyAtApi(apiUrl, buyer.access, number.national);
      buyers.push(buyer);
    }
    const moderator = await ownerAtApi(apiUrl);
    await grantModerator(moderator.email);

    for (const [at, buyer] of buyers.entries()) {
      await signInAs(page, buyer);
      await page.goto(`/shop/${shop.id}/report`);
      await choose(page, '#report', 'Scam or fraud');
      await page.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('Thank you. Our moderators will look at your report.').waitFor();
      await logOut(page);
      expect((await page.goto(`/shop/${shop.id}`))?.status()).toBe(at === 0 ? 200 : 404);
    }

    await signInAs(page, owner);
    await page.goto('/myShop');
    const notice = page.getByText(`“${shop.name}” is hidden from visitors by Kasuwa's moderators. Reason: ${MSG.hiddenByScamReports}`);
    expect(await notice.textContent()).toContain('Reply to the email we sent you about it');
    await logOut(page);

    await signInAs(page, moderator);
    await page.goto(`/moderation/shops/${shop.id}`);
    expect(await page.getByRole('list', { name: 'Moderation log' }).textContent()).toContain('Hide by the scam-report rule');
    await choose(page, '#moderate', 'Restore', { field: 'Note', value: 'Met the owner at the stall: the goods are real.' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved: Restore.').waitFor();
    await logOut(page);
    expect((await page.goto(`/shop/${shop.id}`))?.status()).toBe(200);
  });

  test('a reported review hidden by a moderator leaves the shop page and its average; restoring brings it back', async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Suya Spot ${tag()}` });
    const [kind, rude, buyer, moderator] = [await ownerAtApi(apiUrl), await ownerAtApi(apiUrl), await ownerAtApi(apiUrl), await ownerAtApi(apiUrl)];
    await rateAtApi(apiUrl, kind.access, shop.id, 5, 'Best suya in Kaduna');
    await rateAtApi(apiUrl, rude.access, shop.id, 1, `Insults ${tag()}`);
    await grantModerator(moderator.email);

    await signInAs(page, buyer);
    await page.goto(`/shop/${shop.id}`);
    const ratings = page.getByRole('region', { name: 'Ratings' });
    expect(await ratings.locator('.rating-average').textContent()).toBe('3.0 out of 5 · 2 ratings');
    await ratings.getByRole('listitem').filter({ hasText: 'Insults' }).getByRole('link', { name: 'Report this review' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/report'));
    expect(await page.locator('blockquote').textContent()).toMatch(new RegExp(`^1 ★ by ${rude.username}: Insults`));
    await choose(page, '#report', 'Offensive content');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thank you. Our moderators will look at your report.').waitFor();
    const unknownReview = `/shop/${shop.id}/reviews/00000000-0000-4000-8000-000000000000/report`;
    expect((await page.goto(unknownReview))?.status()).toBe(404);
    await logOut(page);

    await signInAs(page, moderator);
    await page.goto('/moderation');
    await page.getByRole('link', { name: `Review of ${shop.name} by ${rude.username}` }).click();
    await choose(page, '#moderate', 'Hide', { field: 'Note', value: 'Abusive words' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved: Hide.').waitFor();
    await page.goto(`/shop/${shop.id}`);
    expect(await ratings.locator('.rating-average').textContent()).toBe('5.0 out of 5 · 1 rating');
    expect(await ratings.getByText('Insults').count()).toBe(0);

    await page.goBack();
    await choose(page, '#moderate', 'Restore', { field: 'Note', value: 'Reviewer apologised' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved: Restore.').waitFor();
    await page.goto(`/shop/${shop.id}`);
    expect(await ratings.locator('.rating-average').textContent()).toBe('3.0 out of 5 · 2 ratings');
  });

  test.runIf(plainHttp)(
    "a hidden shop's photos are a 404 through the site to visitors, shown to its owner and the moderators, and back once restored",
    async ({ apiUrl, webUrl }) => {
      const owner = await ownerAtApi(apiUrl);
      const shop = await shopOf(apiUrl, owner, { name: `Hidden Photos ${tag()}` });
      await productsOf(apiUrl, owner, shop.id, ['Tecno Spark 20']);
      const moderator = await ownerAtApi(apiUrl);
      await grantModerator(moderator.email);
      const act = async (action: 'hide' | 'restore') => {
        const answer = await fetch(`${apiUrl}/moderation/shops/${shop.id}/actions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${moderator.access}`, 'content-type': 'application/json' },
          body: JSON.stringify({ action, note: 'Sells stolen phones' }),
        });
        expect(answer.status).toBe(200);
      };
      /** The site's photo URLs on one of its pages, as `<img>` and `<source>` name them (not the hydration data's copies). */
      const photosOn = async (path: string, cookie = '') => {
        const html = await (await fetch(`${webUrl}${path}`, { headers: { cookie } })).text();
        const urls = html.matchAll(/\/media\/(?:shops|products)\/[\w-]+\/[\w.]+(?:\?until=\d+&amp;sig=[\w-]+)?(?=[\s",])/g);
        return [...new Set([...urls].map((match) => match[0].replaceAll('&amp;', '&')))];
      };
      const statuses = async (urls: string[]) => Promise.all(urls.map(async (url) => (await fetch(`${webUrl}${url}`)).status));

      const shown = await photosOn(`/shop/${shop.id}`);
      expect(shown.filter((url) => url.startsWith('/media/products/')).length).toBeGreaterThan(0);
      expect(await statuses(shown)).toEqual(shown.map(() => 200));

      await act('hide');
      expect(await statuses(shown)).toEqual(shown.map(() => 404));
      const [ownerCookie, moderatorCookie] = [await webSessionCookie(webUrl, owner), await webSessionCookie(webUrl, moderator)];
      for (const [who, path, cookie] of [
        ['the owner on My Shops', '/myShop', ownerCookie],
        ['the owner on the shop’s products', `/shop/${shop.id}/products`, ownerCookie],
        ['a moderator', `/moderation/shops/${shop.id}`, moderatorCookie],
      ] as const) {
        const theirs = await photosOn(path, cookie);
        expect(theirs.length, who).toBeGreaterThan(0);
        for (const url of theirs) expect(url, who).toMatch(/\?until=\d+&sig=[\w-]+$/);
        expect(await statuses(theirs), who).toEqual(theirs.map(() => 200));
      }

      await act('restore');
      expect(await statuses(shown)).toEqual(shown.map(() => 200));
    },
  );
  test('a moderator finds Moderation in the menu, and each action radio sits beside its words at 360 px', async ({ page, apiUrl }) => {
    const [owner, person, moderator] = [await ownerAtApi(apiUrl), await ownerAtApi(apiUrl), await ownerAtApi(apiUrl)];
    const shop = await shopOf(apiUrl, owner, { name: `Menu Check ${tag()}` });
    await signInAs(page, person);
    expect(await accountMenu(page)).not.toContain('Moderation');
    await logOut(page);

    await grantModerator(moderator.email);
    await signInAs(page, moderator);
    await page.locator('details.menu > summary').click();
    expect(await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Moderation' }).getAttribute('href')).toBe('/moderation');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/moderation/shops/${shop.id}`);

    const radios = await page.locator('#moderate .report-reason').evaluateAll((labels) =>
      labels.map((label) => {
        const radio = label.querySelector('input')!;
        const words = document.createRange();
        words.setStartAfter(radio);
        words.setEnd(label, label.childNodes.length);
        const [box, text] = [radio.getBoundingClientRect(), words.getBoundingClientRect()];
        return {
          width: Math.round(box.width),
          besideWords: text.left - box.right >= 0 && text.left - box.right <= 16,
          sameLine: Math.abs(box.top + box.bottom - text.top - text.bottom) < 16,
        };
      }),
    );
    expect(radios.length).toBeGreaterThan(0);
    for (const radio of radios) expect(radio).toEqual({ width: 20, besideWords: true, sameLine: true });
  });
});
