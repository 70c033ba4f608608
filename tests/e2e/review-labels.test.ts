import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { logOut, signIn } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { grantModerator } from './support/moderators';
import { tag } from './support/owners';
import { type ApiOwner, ownerAtApi, productsOf, shopOf } from './support/web-requests';

async function atApi(apiUrl: string, person: ApiOwner, method: 'POST' | 'PUT', path: string, body?: object) {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${person.access}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 300) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

const rate = (apiUrl: string, person: ApiOwner, shopId: string, stars: number, review: string) =>
  atApi(apiUrl, person, 'PUT', `/shops/${shopId}/rating`, { stars, review });

async function signInAs(page: Page, person: { username: string; password: string }) {
  await signIn(page, person.username, person.password);
  await page.waitForURL((url) => url.pathname === '/');
}

/** The review by `author` on the page, as a list item. */
const reviewBy = (page: Page, author: string) => page.locator('.reviews > li').filter({ hasText: author });

describe(`review labels and answers (JavaScript ${jsMode})`, () => {
  test('a review says "Ordered through Kasuwa" after a completed order and "Talked with the shop" after a reply; the average says how many', async ({
    page,
    apiUrl,
  }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Labelled Provisions ${tag()}` });
    const [rice] = await productsOf(apiUrl, owner, shop.id, ['Ofada rice']);
    const [ordered, talked, stranger] = [await ownerAtApi(apiUrl), await ownerAtApi(apiUrl), await ownerAtApi(apiUrl)];

    const sent = await atApi(apiUrl, ordered, 'POST', `/shops/${shop.id}/orders`, { lines: [{ product_id: rice!.id, quantity: 2 }] });
    for (const action of ['accept', 'complete']) await atApi(apiUrl, owner, 'POST', `/orders/${sent.message.order.id}/${action}`);
    await rate(apiUrl, ordered, shop.id, 5, 'Clean rice, no stones');
    const thread = await atApi(apiUrl, talked, 'POST', `/shops/${shop.id}/messages`, { body: 'Is the rice local?' });
    await atApi(apiUrl, owner, 'POST', `/threads/${thread.thread_id}/messages`, { body: 'Yes, from Abeokuta.' });
    await rate(apiUrl, talked, shop.id, 4, 'Quick answers');
    await rate(apiUrl, stranger, shop.id, 1, 'Never bought');

    await page.goto(`/shop/${shop.id}/reviews`);
    await reviewBy(page, stranger.username).waitFor();
    expect(await reviewBy(page, ordered.username).locator('.review-label').textContent()).toBe('✓ Ordered through Kasuwa');
    expect(await reviewBy(page, talked.username).locator('.review-label').textContent()).toBe('✓ Talked with the shop');
    expect(await reviewBy(page, stranger.username).locator('.review-label').count()).toBe(0);

    await page.goto(`/shop/${shop.id}`);
    const ratings = page.getByRole('region', { name: 'Ratings' });
    expect(await ratings.locator('.rating-average').textContent()).toBe('3.3 out of 5 · 3 ratings');
    expect(await ratings.locator('.rating-labelled').textContent()).toBe('2 of them from people who ordered or talked with the shop on Kasuwa.');
  });

  test("an owner answers a review from the shop's reviews page, the answer shows under it, and the owner edits it", async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Answering Kitchen ${tag()}` });
    const buyer = await ownerAtApi(apiUrl);
    await rate(apiUrl, buyer, shop.id, 2, 'The soup was cold');

    // A visitor, and any other person, is offered no answer form.
    await page.goto(`/shop/${shop.id}/reviews`);
    await reviewBy(page, buyer.username).waitFor();
    expect(await page.getByRole('link', { name: 'Answer this review' }).count()).toBe(0);

    await signInAs(page, owner);
    await page.goto(`/shop/${shop.id}/reviews`);
    await reviewBy(page, buyer.username).getByRole('link', { name: 'Answer this review' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/answer'));
    await whenInteractive(page, 'form.rate-form');
    await page.getByRole('button', { name: 'Publish answer' }).click();
    await page.getByText('Please write your answer.').waitFor();
    await page.getByLabel('Your public answer').fill('Sorry! We now keep it on the fire until you arrive.');
    await page.getByRole('button', { name: 'Publish answer' }).click();

    await page.getByText('Your answer is saved. It shows under the review.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/shop/${shop.id}/reviews`);
    const review = reviewBy(page, buyer.username);
    expect(await review.locator('.review-answer').textContent()).toContain('Sorry! We now keep it on the fire until you arrive.');
    expect(await review.locator('.review-answer strong').textContent()).toBe('The shop’s answer');

    await review.getByRole('link', { name: 'Edit your answer' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/answer'));
    await whenInteractive(page, 'form.rate-form');
    const box = page.getByLabel('Your public answer');
    expect(await box.inputValue()).toBe('Sorry! We now keep it on the fire until you arrive.');
    await box.fill('Sorry! Hot soup or your money back.');
    await page.getByRole('button', { name: 'Update answer' }).click();
    await page.getByText('Your answer is saved. It shows under the review.').waitFor();
    await page.goto(`/shop/${shop.id}`);
    const onShopPage = page.getByRole('region', { name: 'Ratings' }).locator('.review-answer');
    expect(await onShopPage.textContent()).toContain('Sorry! Hot soup or your money back.');
    expect(await onShopPage.textContent()).not.toContain('on the fire');
  });

  test('a reported answer waits in the moderation queue, and a moderator hides it from the shop', async ({ page, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Rude Replies ${tag()}` });
    const [writer, reporter, moderator] = [await ownerAtApi(apiUrl), await ownerAtApi(apiUrl), await ownerAtApi(apiUrl)];
    const rating = await rate(apiUrl, writer, shop.id, 1, 'Overpriced');
    const insult = `You know nothing ${tag()}`;
    await atApi(apiUrl, owner, 'PUT', `/shops/${shop.id}/ratings/${rating.id}/answer`, { answer: insult });
    await grantModerator(moderator.email);

    await signInAs(page, reporter);
    await page.goto(`/shop/${shop.id}/reviews`);
    await reviewBy(page, writer.username).getByRole('link', { name: 'Report this answer' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/answer/report'));
    expect(await page.locator('blockquote').textContent()).toBe(`Answer from ${shop.name}: ${insult}`);
    await whenInteractive(page, '#report');
    await page.getByLabel('Offensive content', { exact: true }).check();
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thank you. Our moderators will look at your report.').waitFor();
    await logOut(page);

    await signInAs(page, moderator);
    await page.goto('/moderation');
    await page.getByRole('link', { name: `Answer of ${shop.name} to a review by ${writer.username}` }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/answer'));
    await page.getByText(`Answer from ${shop.name}: ${insult}`).waitFor();
    await whenInteractive(page, '#moderate');
    await page.getByLabel('Hide', { exact: true }).check();
    await page.getByLabel('Note').fill('Insults the reviewer');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved: Hide.').waitFor();

    await page.goto(`/shop/${shop.id}/reviews`);
    await reviewBy(page, writer.username).waitFor();
    expect(await page.getByText(insult).count()).toBe(0);
    expect(await reviewBy(page, writer.username).getByText('Overpriced').count()).toBe(1);
  });
});
