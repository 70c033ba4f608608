import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe } from 'vitest';
import { SHORT_LINK_LOOKUPS_PER_MINUTE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { shops } from '#server/db/schema.ts';
import { sendRenewalReminders } from '#server/payments/renewal-reminders.ts';
import { isOneMonthAfter, sponsoredUntil } from '../api/support/payments';
import { latestMailedLink } from '../support/outbox';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { newOwner, shopAtApi, signedInOwner, tag } from './support/owners';
import { startProductWithDatabase } from './support/product-with-database';

const DAY = 24 * 60 * 60_000;

describe(`a shop's poster and short link (JavaScript ${jsMode})`, () => {
  test('the owner opens the poster from My Shops; its QR code and short link open the shop, and nobody else sees it', async ({ page, apiUrl, webUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner, `Ada's Fabrics & Lace ${tag()}`);
    await page.goto('/myShop');
    await page.getByRole('listitem').filter({ hasText: shop.name }).getByRole('link', { name: 'Print a poster' }).click();
    await page.waitForURL((url) => url.pathname === `/myShop/${shop.id}/poster`);

    // With JavaScript the address can change a moment before the new page is drawn.
    await page.getByRole('heading', { level: 1, name: shop.name, exact: true }).waitFor();
    expect(await page.getByText('Find us on Kasuwa').isVisible()).toBe(true);
    expect(await page.getByText('Groceries').isVisible()).toBe(true);
    const shortText = (await page.locator('.poster-link').textContent()) ?? '';
    expect(shortText).toMatch(new RegExp(`^${webUrl.replace(/^https?:\/\//, '').replace(/[.]/g, '\\.')}/s/[23456789a-hjkmnp-z]{6}$`));
    // No header, navigation or footer on the sheet.
    expect(await page.locator('header, footer').count()).toBe(0);

    const qr = await sharp(await page.locator('.poster-qr').screenshot())
      .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(qr.data), qr.info.width, qr.info.height);
    expect(decoded?.data).toBe(`${webUrl}/s/${shortText.split('/s/')[1]}`);

    const download = await page.request.get(`/myShop/${shop.id}/poster.svg`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('image/svg+xml');
    const svg = await download.text();
    expect(svg).toContain("Ada's Fabrics &amp; Lace");
    expect(svg).toContain(shortText);
    expect(svg).toContain('data:image/jpeg;base64,');

    await page.goto(decoded!.data);
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}`);
    // With JavaScript the address can change a moment before the new page is drawn.
    await page.getByRole('heading', { level: 1, name: shop.name, exact: true }).waitFor();

    await page.context().clearCookies();
    await signedInOwner(page, apiUrl);
    for (const path of [`/myShop/${shop.id}/poster`, `/myShop/${shop.id}/poster.svg`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });

  test.runIf(plainHttp)('/s/{code} answers 302 to its shop, capitals forgiven; an unknown code is the 404 page', async ({ apiUrl, webUrl }) => {
    const owner = await newOwner(apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const code = ((await (await fetch(`${apiUrl}/shops/${shop.id}/`)).json()) as { short_code: string }).short_code;
    for (const typed of [code, code.toUpperCase()]) {
      const response = await fetch(`${webUrl}/s/${typed}`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/shop/${shop.id}`);
    }
    for (const unknown of ['zzzzzz', 'k7m2q0', 'not-a-code']) {
      const response = await fetch(`${webUrl}/s/${unknown}`, { redirect: 'manual' });
      expect(response.status, unknown).toBe(404);
      expect(await response.text()).toContain('Page not found');
    }
  });

  test.runIf(plainHttp)(
    '/s/{code} opened too often from one address is a 429 page that says when to try again; other visitors go on',
    async ({ apiUrl, webUrl }) => {
      const owner = await newOwner(apiUrl);
      const shop = await shopAtApi(apiUrl, owner);
      const code = ((await (await fetch(`${apiUrl}/shops/${shop.id}/`)).json()) as { short_code: string }).short_code;
      // The web server believes a proxy on this machine about the visitor, and tells the API who it is.
      const open = (address: string, typed = code) => fetch(`${webUrl}/s/${typed}`, { redirect: 'manual', headers: { 'x-forwarded-for': address } });
      const address = '198.51.100.60';
      for (let i = 0; i < SHORT_LINK_LOOKUPS_PER_MINUTE; i++) {
        const response = await open(address, i % 2 ? code : 'zzzzzz');
        await response.body?.cancel();
        expect(response.status, `lookup ${i + 1}`).toBe(i % 2 ? 302 : 404);
      }
      const refused = await open(address);
      expect(refused.status).toBe(429);
      const page = await refused.text();
      expect(page).toContain('That could not be done');
      const seconds = Number(/try again in (\d+) seconds?/.exec(page)?.[1]);
      expect(seconds).toBeGreaterThan(0);
      expect(page).toContain(MSG.tooManyAttempts(seconds));
      const other = await open('203.0.113.77');
      expect(other.status).toBe(302);
      expect(other.headers.get('location')).toBe(`/shop/${shop.id}`);
    },
  );
});

describe(`renewing from the reminder email (JavaScript ${jsMode})`, () => {
  let product: Awaited<ReturnType<typeof startProductWithDatabase>>;
  beforeAll(async () => {
    product = await startProductWithDatabase();
  });
  afterAll(() => product?.stop());

  test('the owner follows the link, signs in and renews: the ad ends a month after its old end', async ({ browser }) => {
    const { api, webUrl } = product;
    const context = await browser.newContext({ baseURL: webUrl, javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
    try {
      const page = await context.newPage();
      const owner = await newOwner(api.url);
      const shop = await shopAtApi(api.url, owner);
      const oldEnd = new Date(Date.now() + 3 * DAY - 2 * 60 * 60_000);
      await api.database.db.update(shops).set({ sponsoredUntil: oldEnd }).where(eq(shops.id, shop.id));
      const since = Date.now();
      expect(await sendRenewalReminders(api.app)).toEqual({ queued: 1 });

      const profile = (await (await fetch(`${api.url}/auth/profile`, { headers: { authorization: `Bearer ${owner.token}` } })).json()) as { email: string };
      const link = await latestMailedLink(api.dataDir, profile.email, /https?:\/\/\S+\/shop\/[\w-]+\/paymentInitiation/, { since });
      expect(link.href).toBe(`${webUrl}/shop/${shop.id}/paymentInitiation`);

      // Opening the link starts nothing: it asks for the sign-in, then shows the one button.
      await page.goto(link.href);
      await page.waitForURL((url) => url.pathname === '/login');
      await whenInteractive(page, '#login');
      await page.getByLabel('Username or email').fill(owner.username);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/paymentInitiation`);
      expect((await sponsoredUntil(api, shop.id))?.getTime()).toBe(oldEnd.getTime());

      await whenInteractive(page, '.ads-page form');
      await page.getByRole('button', { name: 'Renew for ₦5,000' }).click();
      await page.getByRole('heading', { name: 'Pay Kasuwa' }).waitFor();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/verify-transaction');
      await page.getByRole('heading', { name: 'Payment successful' }).waitFor();

      const newEnd = await sponsoredUntil(api, shop.id);
      expect(await isOneMonthAfter(api, oldEnd.toISOString(), newEnd!.toISOString())).toBe(true);
    } finally {
      await context.close();
    }
  });
});
