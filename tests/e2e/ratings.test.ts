import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { newPerson, signIn, signUpAtApi } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { tag } from './support/owners';
import { ownerAtApi, shopOf } from './support/web-requests';

/** Someone who can sign in, signed up at the API. */
async function buyer(apiUrl: string) {
  const person = newPerson();
  const answer = await signUpAtApi(apiUrl, person);
  return { ...person, access: answer.token.access };
}

async function rateAtApi(apiUrl: string, access: string, shopId: string, stars: number, review = '') {
  const response = await fetch(`${apiUrl}/shops/${shopId}/rating`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ stars, review }),
  });
  if (response.status >= 300) throw new Error(`rating failed: ${response.status} ${await response.text()}`);
}

async function openRateOverlay(page: Page) {
  await page.getByText('Rate Shop', { exact: true }).click();
}

describe(`ratings and reviews (JavaScript ${jsMode})`, () => {
  test('a signed-out visitor is sent to sign in from the Rate overlay, comes back to the shop and rates it; the review shows as typed', async ({
    page,
    apiUrl,
  }) => {
    const shop = await shopOf(apiUrl, await ownerAtApi(apiUrl), { name: `Rated Kitchen ${tag()}` });
    const person = await buyer(apiUrl);
    await page.goto(`/shop/${shop.id}`);
    expect(await page.getByText('No ratings yet.').isVisible()).toBe(true);

    await openRateOverlay(page);
    await page.getByRole('link', { name: 'Sign in to rate' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await whenInteractive(page, '#login');
    await page.getByLabel('Username or email').fill(person.username);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}`);

    await openRateOverlay(page);
    await whenInteractive(page, '.rate-form');
    await page.getByRole('button', { name: 'Submit rating' }).click();
    await page.getByText('Please choose from 1 to 5 stars.').waitFor();
    await page.locator('label', { hasText: '4 stars' }).click();
    const typed = '<b>Fresh</b> & “tasty” jollof';
    await page.getByLabel('Your review (optional)').fill(typed);
    await page.getByRole('button', { name: 'Submit rating' }).click();

    await page.getByText('Thanks! Your rating is saved.').waitFor();
    expect(new URL(page.url()).searchParams.get('rated')).toBe('1');
    const ratings = page.getByRole('region', { name: 'Ratings' });
    expect(await ratings.locator('.rating-average').textContent()).toBe('4.0 out of 5 · 1 rating');
    expect(await ratings.getByText(typed, { exact: true }).isVisible()).toBe(true);
    expect(await ratings.locator('b').count()).toBe(0);
    expect(await page.getByRole('link', { name: '★ 4.0 · 1 rating' }).getAttribute('href')).toBe('#ratings-title');
    expect(await page.getByText('Edit your rating', { exact: true }).isVisible()).toBe(true);
  });

  test('an owner opening the Rate overlay on their own shop is told they cannot rate it, not given a form', async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Own Stall ${tag()}` });
    await signIn(page, owner.username, owner.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`/shop/${shop.id}`);
    await openRateOverlay(page);
    await page.getByText('You cannot rate your own shop.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await page.goto(`/shop/${shop.id}/rate`);
    await page.getByText('You cannot rate your own shop.').waitFor();
    expect(await page.locator('form.rate-form, input[name="stars"]').count()).toBe(0);
  });

  test('my ratings lists what I rated; I edit one from there and remove it', async ({ page, apiUrl }) => {
    const shop = await shopOf(apiUrl, await ownerAtApi(apiUrl), { name: `Edited Stall ${tag()}` });
    const person = await buyer(apiUrl);
    await rateAtApi(apiUrl, person.access, shop.id, 5, 'Great suya');
    await signIn(page, person.username, person.password);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/rating');
    const mine = page.getByRole('list', { name: 'Shops you rated' });
    expect(await mine.getByRole('link', { name: shop.name, exact: true }).isVisible()).toBe(true);
    expect(await mine.getByText('Great suya').isVisible()).toBe(true);

    await mine.getByRole('link', { name: `Edit your rating of ${shop.name}` }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/rate`);
    expect(await page.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await whenInteractive(page, '.rate-form');
    await page.locator('label', { hasText: '2 stars' }).click();
    await page.getByLabel('Your review (optional)').fill('Cold this time');
    await page.getByRole('button', { name: 'Update rating' }).click();
    await page.getByText('Thanks! Your rating is saved.').waitFor();
    expect(await page.locator('.rating-average').textContent()).toBe('2.0 out of 5 · 1 rating');

    // The list's only form removes: a post it could not read says so in those words.
    const unreadable = await page.request.post('/rating', { form: { shopId: shop.id } });
    expect(unreadable.status()).toBe(400);
    expect(await unreadable.text()).toContain('Your rating could not be removed. Please try again.');

    await page.goto('/rating');
    expect(await mine.getByText('Cold this time').isVisible()).toBe(true);
    await mine.getByRole('button', { name: `Remove your rating of ${shop.name}` }).click();
    await page.getByText('Your rating was removed.').waitFor();
    expect(await page.getByText('You have not rated any shop yet.', { exact: false }).isVisible()).toBe(true);
  });

  test('cards show the average and count, and search sorts the best rated first', async ({ page, apiUrl }) => {
    const word = `sortable${tag()}`;
    const owner = await ownerAtApi(apiUrl);
    const fair = await shopOf(apiUrl, owner, { name: `Fair ${word}` });
    const best = await shopOf(apiUrl, owner, { name: `Best ${word}` });
    await shopOf(apiUrl, owner, { name: `Newest ${word}` });
    const [first, second] = [await buyer(apiUrl), await buyer(apiUrl)];
    await rateAtApi(apiUrl, first.access, fair.id, 3);
    await rateAtApi(apiUrl, second.access, fair.id, 4);
    await rateAtApi(apiUrl, first.access, best.id, 5);

    await page.goto(`/searchResults?q=${word}`);
    const names = () => page.getByRole('list', { name: 'Search results' }).locator('.card-name').allTextContents();
    expect(await names()).toEqual([`Newest ${word}`, `Best ${word}`, `Fair ${word}`]);
    const fairCard = page.locator('.shop-card', { hasText: `Fair ${word}` });
    expect(await fairCard.getByRole('img', { name: '3.5 stars, 2 ratings' }).textContent()).toBe('★ 3.5 (2)');
    expect(
      await page
        .locator('.shop-card', { hasText: `Newest ${word}` })
        .locator('.card-rating')
        .count(),
    ).toBe(0);

    await whenInteractive(page, '.search-filters');
    await page.getByText('Filters', { exact: true }).click();
    await page.getByLabel('Sort by').selectOption('rating');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'rating');
    await expect.poll(names).toEqual([`Best ${word}`, `Fair ${word}`, `Newest ${word}`]);
  });
});
