import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { ads, shops } from '#server/db/schema.ts';
import { PUBLIC_ANSWER_MS } from '#server/plugins/public-answers.ts';
import { startFakePaystack } from '../api/support/fake-paystack';
import { buyMonth } from '../api/support/payments';
import { expect, jsMode, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { type ApiShop, newOwner, type Owner, shopAtApi, shopsOf, signedInOwner, tag } from './support/owners';
import { startProductWithDatabase } from './support/product-with-database';

type Outcome = 'Pay' | 'Pay by bank transfer' | 'Decline card' | 'Cancel';
type ApiAd = { reference: string; status: string; paid_at: string | null; ends_at: string | null };

/**
 * From the shop's plan page through Pay to the simulator's checkout, where `outcome` is pressed; back on the
 * site after. Returns the checkout's address, where the bank later confirms a transfer.
 */
async function buyAdPlan(page: Page, shop: ApiShop, outcome: Outcome): Promise<string> {
  await page.goto(`/shop/${shop.id}/step1`);
  expect(await page.getByText('Step 1 of 2').isVisible()).toBe(true);
  await page.getByRole('link', { name: /^(Continue|Buy another month)$/ }).click();
  await page.getByText('Step 2 of 2').waitFor();
  await whenInteractive(page, '.ads-page form');
  // A shop whose ad still runs is offered a renewal.
  await page.getByRole('button', { name: /^(Pay|Renew for) ₦5,000$/ }).click();
  await page.getByRole('heading', { name: 'Pay Kasuwa' }).waitFor();
  expect(await page.getByText('₦5,000').isVisible()).toBe(true);
  const checkout = page.url();
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/verify-transaction' && url.searchParams.has('reference'));
  return checkout;
}

/** The bank's side of a transfer: the simulator's Confirm transfer, pressed away from the shopper's browser. */
async function bankConfirmsTransfer(checkout: string) {
  const response = await fetch(checkout, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'confirm' }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
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

/** Whether the home page shows the shop's card with the Sponsored badge and only Sponsored cards before it. */
async function sponsoredOnHome(page: Page, shopName: string): Promise<boolean> {
  await page.goto('/');
  const cards = await page.getByRole('list', { name: 'Shops for you' }).getByRole('listitem').allInnerTexts();
  const at = cards.findIndex((text) => text.includes(shopName));
  return at >= 0 && cards.slice(0, at + 1).every((text) => text.startsWith('Sponsored'));
}

async function hasAdBadgeInSearch(page: Page, shopName: string): Promise<boolean> {
  await page.goto(`/searchResults?q=${encodeURIComponent(shopName)}`);
  const found = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').filter({ hasText: shopName });
  await found.waitFor();
  return found.getByText('Ad', { exact: true }).isVisible();
}

/** What the shop's card on My Shops says about its ad ("Sponsored until 24 Dec 2026"), or null when nothing. */
async function sponsoredOnMyShops(page: Page, shopName: string): Promise<string | null> {
  await page.goto('/myShop');
  const card = page.getByRole('listitem').filter({ hasText: shopName });
  await card.waitFor();
  const text = await card.textContent();
  return text?.match(/Sponsored(?: until \d{1,2} \S+ \d{4})?/)?.[0] ?? null;
}

/** The result page's terms and what each says, spaces as typed (Intl puts a narrow space before "am"). */
async function resultDetails(page: Page): Promise<Record<string, string>> {
  const result = page.getByRole('status');
  const terms = await result.locator('dt').allTextContents();
  const details = await result.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term, details[i]!.replace(/\s/g, ' ')]));
}

const lagosDay = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Lagos' }).format(new Date(iso));
const lagosMoment = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' }).format(new Date(iso)).replace(/\s/g, ' ');

describe(`buying the ad plan (JavaScript ${jsMode})`, () => {
  test('paying sponsors the shop for a month: the result page, My Shops, the home page and search all show it', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner, `Mama Nkechi Spices ${tag()}`);

    await page.goto('/myShop');
    await page
      .getByRole('navigation', { name: `Manage ${shop.name}` })
      .getByRole('link', { name: 'Ads' })
      .click();
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/step1`);
    await page.getByText('Step 1 of 2').waitFor();
    expect(await page.getByRole('region', { name: 'Your ads' }).getByText('This shop has had no ads yet.').isVisible()).toBe(true);
    expect(await page.getByText('₦5,000').first().isVisible()).toBe(true);

    await buyAdPlan(page, shop, 'Pay');
    await page.getByRole('status').getByRole('heading', { name: 'Payment successful' }).waitFor();
    const until = await sponsoredUntil(apiUrl, owner, shop.id);
    const [ad] = await adsOf(apiUrl, owner, shop.id);
    expect(until).not.toBeNull();
    expect(ad!.paid_at).not.toBeNull();
    expect(await resultDetails(page)).toEqual({
      Amount: '₦5,000',
      Date: lagosMoment(ad!.paid_at!),
      Shop: shop.name,
      'Sponsored until': lagosDay(until!),
    });

    expect(await sponsoredOnMyShops(page, shop.name)).toBe(`Sponsored until ${lagosDay(until!)}`);
    expect(await sponsoredOnHome(page, shop.name)).toBe(true);
    expect(await hasAdBadgeInSearch(page, shop.name)).toBe(true);
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
    const paid = (await adsOf(apiUrl, owner, shop.id)).filter((ad) => ad.status === 'success');
    expect(paid).toHaveLength(2);

    // The shop's Ads page shows what was bought before it offers more.
    await page.goto(`/shop/${shop.id}/step1`);
    const history = page.getByRole('region', { name: 'Your ads' });
    expect(await history.getByText('2 months paid, ₦10,000 in all.').isVisible()).toBe(true);
    for (const ad of paid) expect(await history.getByText(`Receipt ${ad.reference}`).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Buy another month' }).isVisible()).toBe(true);
  });

  test('a declined card says Verification Failed with the bank’s reason, and sponsors nothing', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await buyAdPlan(page, shop, 'Decline card');
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: MSG.verificationFailed }).waitFor();
    expect(await alert.getByText('Declined').isVisible()).toBe(true);
    expect(await alert.getByText(MSG.paymentNotCharged).isVisible()).toBe(true);
    expect(await sponsoredUntil(apiUrl, owner, shop.id)).toBeNull();
  });

  test('Try again after a declined card opens a new payment for the same shop, which can then be paid', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await buyAdPlan(page, shop, 'Decline card');
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByText('Step 2 of 2').waitFor();
    await whenInteractive(page, '.ads-page form');
    await page.getByRole('button', { name: 'Pay ₦5,000' }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(await sponsoredUntil(apiUrl, owner, shop.id)).not.toBeNull();
  });

  test('cancelling on the checkout charges nothing, sponsors nothing and offers Try again', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await buyAdPlan(page, shop, 'Cancel');
    await page.getByRole('alert').getByRole('heading', { name: MSG.verificationFailed }).waitFor();
    expect(await page.getByText('The transaction was cancelled').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(`/shop/${shop.id}/paymentInitiation`);
    expect(await sponsoredUntil(apiUrl, owner, shop.id)).toBeNull();
    expect((await adsOf(apiUrl, owner, shop.id)).map((ad) => ad.status)).toEqual(['abandoned']);
    expect(await sponsoredOnHome(page, shop.name)).toBe(false);
  });

  test('a bank transfer not yet confirmed shows as pending with Check again, and turns to paid by itself', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const checkout = await buyAdPlan(page, shop, 'Pay by bank transfer');
    await page.getByRole('heading', { name: 'Payment pending' }).waitFor();
    expect(await page.getByText(MSG.paymentPending).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Check again' }).isVisible()).toBe(true);
    expect(await sponsoredUntil(apiUrl, owner, shop.id)).toBeNull();
    if (jsMode === 'off') {
      const refresh = await page.locator('meta[http-equiv="refresh"]').getAttribute('content');
      expect(refresh).toMatch(/^10;url=\/verify-transaction\?reference=kasuwa-[\w-]+&since=\d+$/);
    }

    await bankConfirmsTransfer(checkout);
    // Nobody touches the page: its own re-check finds the payment within the 10 seconds between checks.
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 20_000 });
    expect(await resultDetails(page)).toMatchObject({ Amount: '₦5,000', Shop: shop.name });
    expect(await sponsoredUntil(apiUrl, owner, shop.id)).not.toBeNull();
  });

  test('after half an hour, the pending page stops checking by itself and leaves Check again, which starts over', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await buyAdPlan(page, shop, 'Pay by bank transfer');
    await page.getByRole('heading', { name: 'Payment pending' }).waitFor();
    const reference = new URL(page.url()).searchParams.get('reference')!;

    await page.goto(`/verify-transaction?reference=${reference}&since=${Date.now() - 31 * 60_000}`);
    await page.getByRole('heading', { name: 'Payment pending' }).waitFor();
    expect(await page.getByText('This page has stopped checking by itself; use Check again.').isVisible()).toBe(true);
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);

    await page.getByRole('link', { name: 'Check again' }).click();
    await page.getByText('This page checks again every 10 seconds.').waitFor();
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

  test('Pay for a shop deleted meanwhile says the shop is not found, and opens no payment', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await page.goto(`/shop/${shop.id}/paymentInitiation`);
    await whenInteractive(page, '.ads-page form');
    const deleted = await fetch(`${apiUrl}/shops/${shop.id}/delete/`, { method: 'DELETE', headers: { authorization: `Bearer ${owner.token}` } });
    expect(deleted.status).toBe(204);

    await page.getByRole('button', { name: 'Pay ₦5,000' }).click();
    await page.getByText(MSG.shopWithIdNotFound(shop.id)).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/shop/${shop.id}/paymentInitiation`);
    const history = await fetch(`${apiUrl}/ads/?shop_id=${shop.id}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(history.status).toBe(404);
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

describe(`when the month runs out (JavaScript ${jsMode})`, () => {
  let product: Awaited<ReturnType<typeof startProductWithDatabase>>;
  beforeAll(async () => {
    product = await startProductWithDatabase();
  });
  afterAll(() => product?.stop());

  test('an expired ad no longer shows Sponsored on the home page, Ad in search, or Sponsored until on My Shops', async ({ browser }) => {
    const { api, webUrl } = product;
    const context = await browser.newContext({ baseURL: webUrl, javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
    try {
      const page = await context.newPage();
      // Signed in, the pages are never the shared copy anonymous visitors get: they are rendered from the
      // public lists every visitor shares for a moment, and the owner's own pages.
      const owner = await signedInOwner(page, api.url, webUrl);
      const shop = await shopAtApi(api.url, owner, `Jos Honey ${tag()}`);
      const { verified } = await buyMonth(api, owner.token, shop.id);
      expect(verified.status).toBe(200);
      expect(await sponsoredOnHome(page, shop.name)).toBe(true);
      expect(await hasAdBadgeInSearch(page, shop.name)).toBe(true);
      expect(await sponsoredOnMyShops(page, shop.name)).toBe(`Sponsored until ${lagosDay(verified.body.ad.ends_at)}`);

      await api.database.db.update(shops).set({ sponsoredUntil: sql`now() - interval '1 day'` }).where(eq(shops.id, shop.id));
      await api.database.db
        .update(ads)
        .set({ startsAt: sql`now() - interval '1 month 1 day'`, endsAt: sql`now() - interval '1 day'` })
        .where(eq(ads.id, verified.body.ad.id));
      // The end came by the clock, not by a write through the site or the API, so the lists show it once the
      // API's memory of them and the web tier's have both expired.
      await delay(PUBLIC_ANSWER_MS + product.sharedListsMs);

      expect(await sponsoredOnHome(page, shop.name)).toBe(false);
      expect(await page.getByRole('list', { name: 'Shops for you' }).getByRole('listitem').filter({ hasText: shop.name }).count()).toBe(1);
      expect(await hasAdBadgeInSearch(page, shop.name)).toBe(false);
      expect(await sponsoredOnMyShops(page, shop.name)).toBeNull();
    } finally {
      await context.close();
    }
  });
});

describe(`when Paystack refuses the site's key (JavaScript ${jsMode})`, () => {
  let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
  let product: Awaited<ReturnType<typeof startProductWithDatabase>>;
  beforeAll(async () => {
    paystack = await startFakePaystack('sk_test_kasuwa_e2e');
    product = await startProductWithDatabase({ apiEnv: { PAYSTACK_SECRET_KEY: 'sk_test_kasuwa_e2e', PAYSTACK_BASE_URL: paystack.url } });
    // The key was rolled on Paystack's dashboard and the site not told.
    paystack.secretKey = 'sk_test_kasuwa_rolled';
  });
  afterAll(async () => {
    await product?.stop();
    await paystack?.close();
  });

  test('Pay shows Paystack’s own words on the payment page, not "could not be reached"', async ({ browser }) => {
    const { api, webUrl } = product;
    const context = await browser.newContext({ baseURL: webUrl, javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
    try {
      const page = await context.newPage();
      const owner = await signedInOwner(page, api.url, webUrl);
      const shop = await shopAtApi(api.url, owner, `Rolled Key Rugs ${tag()}`);
      await page.goto(`/shop/${shop.id}/paymentInitiation`);
      await whenInteractive(page, '.ads-page form');
      await page.getByRole('button', { name: 'Pay ₦5,000' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(MSG.paymentProviderSaid('Invalid key'));
      expect(new URL(page.url()).pathname).toBe(`/shop/${shop.id}/paymentInitiation`);
    } finally {
      await context.close();
    }
  });
});
