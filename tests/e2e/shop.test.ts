import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { expect, jsMode, test } from './support/browser';
import { holdScripts, isHydrated } from './support/hydration';
import { tag } from './support/owners';
import { ownerAtApi, shopOf } from './support/web-requests';

type DemoShop = { id: string; name: string; short_code: string; products: { id: string; name: string; price: number }[] };

const DEMO_SHOP_NAME = "Mama Titi's Kitchen";
const JOLLOF = 'Party jollof rice with chicken';

let demoShop: Promise<DemoShop> | undefined;

/** A seeded shop and its products, read from the API without counting a visit. */
function findDemoShop(apiUrl: string): Promise<DemoShop> {
  demoShop ??= (async () => {
    const list = (await (await fetch(`${apiUrl}/shops?page_size=100`)).json()) as { sponsored_shops: DemoShop[]; for_you: DemoShop[] };
    const shop = [...list.sponsored_shops, ...list.for_you].find((candidate) => candidate.name === DEMO_SHOP_NAME);
    if (!shop) throw new Error(`The demo seed has no shop named ${DEMO_SHOP_NAME}.`);
    const products = (await (await fetch(`${apiUrl}/shops/${shop.id}/products`)).json()) as DemoShop['products'];
    return { id: shop.id, name: shop.name, short_code: shop.short_code, products };
  })();
  return demoShop;
}

/** Opens a page; with JavaScript on, waits until React has taken over (the Copy button exists only then). */
async function openShop(page: Page, path: string) {
  const response = await page.goto(path);
  if (jsMode === 'on') await page.getByRole('button', { name: 'Copy link' }).waitFor();
  return response;
}

function productCard(page: Page, name: string) {
  return page
    .getByRole('list', { name: 'Products' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
}

describe(`the shop page (JavaScript ${jsMode})`, () => {
  test('shows the shop: name, owner, visits, phone and WhatsApp, description, address, tags and products in naira', async ({ page, apiUrl }) => {
    const shop = await findDemoShop(apiUrl);
    const scriptErrors: string[] = [];
    page.on('pageerror', (error) => scriptErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') scriptErrors.push(message.text());
    });

    const response = await openShop(page, `/shop/${shop.id}`);

    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-cache');
    expect(await page.title()).toBe(`${DEMO_SHOP_NAME} · Kasuwa`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(DEMO_SHOP_NAME);
    expect(await page.getByText(/^Active seller since /).isVisible()).toBe(true);
    expect(await page.getByText(/^\d[\d,]* visits?$/).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^Call 0\d{3} \d{3} \d{4}$/ }).getAttribute('href')).toMatch(/^tel:\+234\d{10}$/);
    const whatsapp = new URL((await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')) ?? '');
    expect(whatsapp.origin + whatsapp.pathname).toMatch(/^https:\/\/wa\.me\/234\d{10}$/);
    expect(whatsapp.searchParams.get('text')).toContain(DEMO_SHOP_NAME);
    expect(await page.getByText('Home-style Yoruba cooking since 2009.', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByText('14 Adeniran Ogunsanya Street, Surulere, Lagos').isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toContain('small chops');

    const products = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    expect(await products.count()).toBe(shop.products.length);
    expect(await productCard(page, JOLLOF).textContent()).toContain('₦3,500');
    expect(await productCard(page, 'Zobo drink, 1 litre').textContent()).toContain('₦850.50');
    expect(await productCard(page, JOLLOF).getByRole('img', { name: JOLLOF }).isVisible()).toBe(true);
    expect(scriptErrors).toEqual([]);
  });

  test('counts a visitor once however often they open the page, and another visitor again', async ({ page, apiUrl, webUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const shop = await shopOf(apiUrl, owner, { name: `Counted ${tag()}` });
    // The owner's own list reads the count without counting a visit.
    const counted = async () => {
      const profile = await fetch(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${owner.access}` } });
      return ((await profile.json()) as { shops: { id: string; visitor_count: number }[] }).shops.find((item) => item.id === shop.id)!.visitor_count;
    };

    await openShop(page, `/shop/${shop.id}`);
    expect(await page.getByText(/^\d[\d,]* visits?$/).textContent()).toBe('1 visit');
    await openShop(page, `/shop/${shop.id}`);
    await openShop(page, `/shop/${shop.id}`);
    // Someone else, on another phone.
    await (await fetch(`${webUrl}/shop/${shop.id}`, { headers: { 'user-agent': `Itel phone ${tag()}` } })).text();

    await expect.poll(counted, { timeout: 5000, interval: 250 }).toBe(2);
    // Views answered from the copy anonymous visitors share arrive within about a second: none may add more.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await counted()).toBe(2);
  });

  test('previews well when shared: title with the city, description and an absolute JPEG', async ({ page, apiUrl, webUrl }) => {
    const shop = await findDemoShop(apiUrl);
    await openShop(page, `/shop/${shop.id}`);
    const meta = (selector: string) => page.locator(`head ${selector}`).getAttribute('content');

    expect(await meta('meta[property="og:title"]')).toBe(`${DEMO_SHOP_NAME} · Lagos`);
    expect(await meta('meta[property="og:description"]')).toMatch(/^Home-style Yoruba cooking/);
    expect(await meta('meta[property="og:url"]')).toBe(`${webUrl}/shop/${shop.id}`);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await page.locator('head link[rel="canonical"]').getAttribute('href')).toBe(`${webUrl}/shop/${shop.id}`);
    const image = (await meta('meta[property="og:image"]')) ?? '';
    expect(image.startsWith(`${webUrl}/media/`)).toBe(true);
    const photo = await fetch(image);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
  });

  test('the photo opens full size', async ({ page, apiUrl }) => {
    const shop = await findDemoShop(apiUrl);
    await openShop(page, `/shop/${shop.id}`);

    await page.getByRole('link', { name: `View full size photo of ${DEMO_SHOP_NAME}` }).click();

    if (jsMode === 'on') {
      const dialog = page.getByRole('dialog', { name: `Photo of ${DEMO_SHOP_NAME}` });
      await dialog.getByRole('img', { name: DEMO_SHOP_NAME }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(DEMO_SHOP_NAME);
    } else {
      expect(page.url()).toMatch(/\/media\/shops\/.+\/main\.jpg$/);
    }
  });

  test('/product/{id}, the copied link, opens the shop', async ({ page, apiUrl }) => {
    const shop = await findDemoShop(apiUrl);

    const response = await page.goto(`/product/${shop.id}`);

    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/shop/${shop.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(DEMO_SHOP_NAME);
  });

  test('an unknown shop answers a friendly 404 without its id, and a way on', async ({ page }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-shop']) {
      const response = await page.goto(`/shop/${id}`);

      expect(response?.status(), id).toBe(404);
      expect(await page.getByText(MSG.shopNotFound).isVisible(), id).toBe(true);
      expect(await page.locator('main').textContent(), id).not.toContain(id);
      expect(await page.getByRole('link', { name: 'Go to the home page' }).isVisible(), id).toBe(true);
      expect(await page.getByRole('link', { name: 'Search for shops' }).getAttribute('href'), id).toBe('/searchResults');
    }
  });

  test('a shop address without an id answers 404 with "No shop ID provided."', async ({ page }) => {
    for (const path of ['/shop', '/shop/%20']) {
      const response = await page.goto(path);

      expect(response?.status(), path).toBe(404);
      expect(await page.getByText('No shop ID provided.').isVisible(), path).toBe(true);
    }
  });

  test("Order takes the quantity to the shop's order request page, where that product comes first with it", async ({ page, apiUrl }) => {
    const shop = await findDemoShop(apiUrl);
    await openShop(page, `/shop/${shop.id}`);
    const card = productCard(page, JOLLOF);
    const quantity = card.getByRole('spinbutton', { name: 'Quantity' });

    await card.getByText('Order', { exact: true }).click();
    expect(await quantity.inputValue()).toBe('1');

    if (jsMode === 'on') {
      await card.getByRole('button', { name: 'Increase quantity' }).click();
      await card.getByRole('button', { name: 'Increase quantity' }).click();
      expect(await quantity.inputValue()).toBe('3');
      await card.getByRole('button', { name: 'Decrease quantity' }).click();
      expect(await quantity.inputValue()).toBe('2');
    } else {
      await quantity.fill('2');
    }
    await card.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/order`);
    expect(new URL(page.url()).searchParams.get('qty')).toBe('2');
    const first = page.locator('.order-line').first();
    expect(await first.locator('label').textContent()).toContain(JOLLOF);
    expect(await first.getByRole('spinbutton').inputValue()).toBe('2');
  });

  test.runIf(jsMode === 'on')('a quantity typed before the scripts arrive is the one Confirm takes', async ({ page, apiUrl }) => {
    const shop = await findDemoShop(apiUrl);
    const releaseScripts = await holdScripts(page);
    await page.goto(`/shop/${shop.id}`, { waitUntil: 'commit' });
    const card = productCard(page, JOLLOF);
    await card.getByText('Order', { exact: true }).click();
    const quantity = card.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('3');
    expect(await isHydrated(page, '.order-form input[name=qty]')).toBe(false);
    releaseScripts();
    await card.getByRole('button', { name: 'Increase quantity' }).waitFor();
    expect(await quantity.inputValue()).toBe('3');
    await card.getByRole('button', { name: 'Increase quantity' }).click();
    await card.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/order`);
    expect(await page.locator('.order-line').first().getByRole('spinbutton').inputValue()).toBe('4');
  });

  test('the quantity is a whole number of at least 1, and Cancel closes the order', async ({ page, apiUrl }) => {
    const shop = await findDemoShop(apiUrl);
    const jollof = shop.products.find((product) => product.name === JOLLOF)!;

    if (jsMode === 'on') {
      await openShop(page, `/shop/${shop.id}`);
      const card = productCard(page, JOLLOF);
      const quantity = card.getByRole('spinbutton', { name: 'Quantity' });
      await card.getByText('Order', { exact: true }).click();
      await card.getByRole('button', { name: 'Increase quantity' }).click();
      await quantity.fill('');
      expect(await quantity.inputValue()).toBe('1');
      await quantity.fill('0');
      expect(await quantity.inputValue()).toBe('1');
      await card.getByRole('button', { name: 'Increase quantity' }).click();
      expect(await quantity.inputValue()).toBe('2');

      await card.getByText('Cancel', { exact: true }).click();
      await card.getByRole('button', { name: 'Confirm' }).waitFor({ state: 'hidden' });
      await card.getByText('Order', { exact: true }).click();
      expect(await quantity.inputValue()).toBe('1');
    } else {
      // Without JavaScript the quantity arrives in the URL; anything below 1 counts as 1.
      await page.goto(`/shop/${shop.id}/order?product=${jollof.id}&qty=0`);
      expect(await page.locator('.order-line').first().getByRole('spinbutton').inputValue()).toBe('1');

      await openShop(page, `/shop/${shop.id}`);
      const card = productCard(page, JOLLOF);
      await card.getByText('Order', { exact: true }).click();
      expect(await card.getByRole('button', { name: 'Confirm' }).isVisible()).toBe(true);
      await card.getByText('Cancel', { exact: true }).click();
      await card.getByRole('button', { name: 'Confirm' }).waitFor({ state: 'hidden' });
    }
  });

  test('"Message this shop" opens a form to write to the shop', async ({ page, apiUrl }) => {
    const shop = await findDemoShop(apiUrl);
    await openShop(page, `/shop/${shop.id}`);

    await page.getByRole('link', { name: 'Message this shop' }).click();

    await page.waitForURL((url) => url.pathname === `/shop/${shop.id}/message`);
    await page.getByLabel(`Your message to ${shop.name}`).waitFor();
    await page.getByText(MSG.messageSignInFirst).waitFor();
  });

  test('the shop link copied is its short link (site origin + /s/{code})', async ({ page, context, apiUrl, webUrl }) => {
    const shop = await findDemoShop(apiUrl);
    const link = `${webUrl}/s/${shop.short_code}`;
    await openShop(page, `/shop/${shop.id}`);

    expect(await page.getByRole('textbox', { name: 'Link to this shop' }).inputValue()).toBe(link);
    if (jsMode === 'on') {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webUrl });
      await page.getByRole('button', { name: 'Copy link' }).click();
      const shownAt = Date.now();
      const popup = page.getByRole('status').filter({ hasText: 'Link copied' });
      await popup.waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      await popup.waitFor({ state: 'hidden', timeout: 5_000 });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_500);
    }
  });
});
