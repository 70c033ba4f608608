import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { MSG } from '../../app/lib/rules/messages';
import { whenInteractive } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { type ApiShop, type Owner, newOwner, shopAtApi, shopsOf, signedInOwner, tag } from './support/owners';

type Outcome = 'Pay' | 'Decline card' | 'Cancel';
type ApiAd = { reference: string; status: string; ends_at: string | null };

/** From the shop's plan page through Pay to the simulator's checkout, where `outcome` is pressed; back on the site after. */
async function buyAdPlan(page: Page, shop: ApiShop, outcome: Outcome) {
  await page.goto(`/shop/${shop.id}/step1`);
  expect(await page.getByText('Step 1 of 2').isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByText('Step 2 of 2').waitFor();
  await whenInteractive(page, '.ads-page form');
  await page.getByRole('button', { name: 'Pay ₦5,000' }).click();
  await page.getByRole('heading', { name: 'Pay Kasuwa' }).waitFor();
  expect(await page.getByText('₦5,000').isVisible()).toBe(true);
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/verify-transaction' && url.searchParams.has('reference'));
}

async function adsOf(apiUrl: string, owner: Owner, shopId: string): Promise<ApiAd[]> {
  const response = await fetch(`${apiUrl}/ads/?shop_id=${shopId}`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as ApiAd[];
}

async function sponsoredUntil(apiUrl: string, owner: Owner, shopId: string): Promise<string | null> {
  const shop = (await shopsOf(apiUrl, owner)).find(({ id }) => id === shopId);
  return shop?.is_sponsored ? (shop.sponsored_until ?? null) : null;
}

/** Whether the home page lists the shop among its leading Sponsored cards. */
async function sponsoredOnHome(page: Page, shopName: string): Promise<boolean> {
  await page.goto('/');
  const cards = await page.getByRole('list', { name: 'Shops for you' }).getByRole('listitem').allTextContents();
  const leading = cards.slice(0, cards.findIndex((text) => !text.startsWith('Sponsored')));
  return leading.some((text) => text.includes(shopName));
}

const lagosDay = (iso: string) => new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' }).format(new Date(iso));

describe(`buying the ad plan (JavaScript ${jsMode})`, () => {
  test('paying sponsors the shop for a month: the result page, My Shops, the home page and search all show it', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner, `Mama Nkechi Spices ${tag()}`);

    await page.goto('/myShop');
    await page.getByRole('navigation', { name: `Manage ${shop.name}` }).getByRole('link', { name: 'Ads' }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/step1`);
    await page.getByText('Step 1 of 2').waitFor();
    expect(await page.getByText('₦5,000').first().isVisible()).toBe(true);

    await buyAdPlan(page, shop, 'Pay');
    const result = page.getByRole('status');
    await result.getByRole('heading', { name: 'Payment successful' }).waitFor();
    const until = await sponsoredUntil(apiUrl, owner, shop.id);
    expect(until).not.toBeNull();
    const details = await result.locator('dd').allTextContents();
    expect(details[0]).toBe('₦5,000');
    expect(details).toContain(shop.name);
    expect(details.at(-1)).toBe(lagosDay(until!));

    await page.goto('/myShop');
    expect(await page.getByRole('listitem').filter({ hasText: shop.name }).getByText(`Sponsored until ${lagosDay(until!)}`).isVisible()).toBe(true);
    expect(await sponsoredOnHome(page, shop.name)).toBe(true);

    await page.goto(`/searchResults?q=${encodeURIComponent(shop.name)}`);
    const found = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: shop.name });
    expect(await found.getByText('Ad', { exact: true }).isVisible()).toBe(true);
  });

  test('reloading the result page grants nothing twice; buying again adds exactly one month', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await buyAdPlan(page, shop, 'Pay');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    const first = await sponsoredUntil(apiUrl, owner, shop.id);

    await page.reload();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(await sponsoredUntil(apiUrl, owner, shop.id)).toBe(first);

    await buyAdPlan(page, shop, 'Pay');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    const second = await sponsoredUntil(apiUrl, owner, shop.id);
    const months = (iso: string) => new Date(iso).getUTCFullYear() * 12 + new Date(iso).getUTCMonth();
    expect(months(second!) - months(first!)).toBe(1);
    expect((await adsOf(apiUrl, owner, shop.id)).filter((ad) => ad.status === 'success')).toHaveLength(2);
  });

  test('a declined card says Verification Failed with the bank’s reason, and sponsors nothing', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await buyAdPlan(page, shop, 'Decline card');
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: MSG.verificationFailed }).waitFor();
    expect(await alert.getByText('Declined').isVisible()).toBe(true);
    expect(await sponsoredUntil(apiUrl, owner, shop.id)).toBeNull();
  });

  test('cancelling on the checkout charges nothing and sponsors nothing', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await buyAdPlan(page, shop, 'Cancel');
    await page.getByRole('alert').getByRole('heading', { name: MSG.verificationFailed }).waitFor();
    expect(await page.getByText('The transaction was cancelled').isVisible()).toBe(true);
    expect(await sponsoredUntil(apiUrl, owner, shop.id)).toBeNull();
    expect((await adsOf(apiUrl, owner, shop.id)).map((ad) => ad.status)).toEqual(['abandoned']);
    expect(await sponsoredOnHome(page, shop.name)).toBe(false);
  });

  test('a payment not yet made shows as pending with Check again, then as paid once it is', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await page.goto(`/shop/${shop.id}/paymentInitiation`);
    await whenInteractive(page, '.ads-page form');
    await page.getByRole('button', { name: 'Pay ₦5,000' }).click();
    await page.getByRole('heading', { name: 'Pay Kasuwa' }).waitFor();
    const checkout = page.url();
    const [ad] = await adsOf(apiUrl, owner, shop.id);

    await page.goto(`/verify-transaction?reference=${ad!.reference}`);
    await page.getByRole('heading', { name: 'Payment pending' }).waitFor();
    expect(await page.getByText(MSG.paymentPending).isVisible()).toBe(true);
    if (jsMode === 'off') expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(1);

    await page.goto(checkout);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    // Back on the pending page, Check again now finds the payment.
    await page.goto(`/verify-transaction?reference=${ad!.reference}`);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(await page.getByRole('link', { name: 'Check again' }).count()).toBe(0);
  });

  test('Pay pressed twice opens one payment', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await page.goto(`/shop/${shop.id}/paymentInitiation`);
    await whenInteractive(page, '.ads-page form');
    await page.getByRole('button', { name: 'Pay ₦5,000' }).dblclick();
    await page.getByRole('heading', { name: 'Pay Kasuwa' }).waitFor();
    await page.goBack();
    await page.getByText('Step 2 of 2').waitFor();
    await whenInteractive(page, '.ads-page form');
    await page.getByRole('button', { name: 'Pay ₦5,000' }).click();
    await page.getByRole('heading', { name: 'Pay Kasuwa' }).waitFor();
    expect(await adsOf(apiUrl, owner, shop.id)).toHaveLength(1);
  });

  test('without a shop, the ad plan says to create one first and moves on to My Shops', async ({ page, apiUrl }) => {
    await signedInOwner(page, apiUrl);
    await page.goto('/purchaseAds');
    expect(await page.getByRole('alert').getByText(MSG.noShopForAds).isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/myShop', { timeout: 10_000 });
  });

  test('with shops, the ad plan lists them to choose from', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await page.goto('/purchaseAds');
    await page.getByRole('link', { name: new RegExp(shop.name) }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/step1`);
    await page.getByText('Step 1 of 2').waitFor();
  });

  test("another owner can neither open nor pay for someone else's shop, nor read their payment", async ({ page, apiUrl, webUrl }) => {
    const first = await newOwner(apiUrl);
    const shop = await shopAtApi(apiUrl, first);
    const initiated = await fetch(`${apiUrl}/ads/payment/initiate/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shop_id: shop.id, amount: 5000 }),
    });
    const { reference } = (await initiated.json()) as { reference: string };

    await signedInOwner(page, apiUrl);
    for (const address of [`/shop/${shop.id}/step1`, `/shop/${shop.id}/paymentInitiation`]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      expect(await page.getByText(MSG.shopWithIdNotFound(shop.id)).isVisible()).toBe(true);
    }
    const posted = await page.request.post(`${webUrl}/shop/${shop.id}/paymentInitiation`, {
      headers: { origin: webUrl },
      form: { intent: 'pay' },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(404);
    expect(await adsOf(apiUrl, first, shop.id)).toHaveLength(1);

    await page.goto(`/verify-transaction?reference=${reference}`);
    await page.getByRole('alert').getByRole('heading', { name: MSG.verificationFailed }).waitFor();
    expect(await page.getByText(MSG.paymentNotFound).isVisible()).toBe(true);
  });

  test('the payment pages ask a signed-out person to sign in, and bring them back', async ({ page, apiUrl }) => {
    const owner = await newOwner(apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await page.goto(`/shop/${shop.id}/step1`);
    await page.waitForURL((url) => url.pathname === '/login');
    await whenInteractive(page, '#login');
    await page.getByLabel('Username or email').fill(owner.username);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/step1`);
    await page.getByText('Step 1 of 2').waitFor();
  });
});
