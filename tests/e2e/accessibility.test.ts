import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, inject } from 'vitest';
import { jpegBuffer } from '../fixtures/images';
import { newPerson, signIn } from './support/accounts';
import { seriousViolations, type Violation } from './support/axe';
import { expect, jsMode, test } from './support/browser';
import { type ApiOwner, ownerAtApi, productsOf, shopOf } from './support/web-requests';

let owner: ApiOwner;
let shopId: string;
let productId: string;
let buyer: ApiOwner;
let threadId: string;

beforeAll(async () => {
  const apiUrl = inject('apiUrl');
  owner = await ownerAtApi(apiUrl);
  shopId = (await shopOf(apiUrl, owner, { name: 'Iya Basira Foods' })).id;
  productId = (await productsOf(apiUrl, owner, shopId, ['Ofada rice']))[0]!.id;
  buyer = await ownerAtApi(apiUrl);
  const ordered = await fetch(`${apiUrl}/shops/${shopId}/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ lines: [{ product_id: productId, quantity: 2 }], note: 'Pay first to 0123456789? No: on delivery.' }),
  });
  threadId = ((await ordered.json()) as { thread_id: string }).thread_id;
});

/** Opens each page and collects what axe finds serious or critical, and every image without alt text. */
async function audit(page: Page, paths: string[]): Promise<Record<string, (Violation | string)[]>> {
  const found: Record<string, (Violation | string)[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('load');
    const problems: (Violation | string)[] = await seriousViolations(page);
    const imagesWithoutAlt = await page.locator('img:not([alt])').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    for (const src of imagesWithoutAlt) problems.push(`image without alt: ${src}`);
    if (problems.length > 0) found[path] = problems;
  }
  return found;
}

// axe schedules its checks on timers, which Chromium does not run for a page whose JavaScript is off, so
// the audit runs in the JavaScript-on pass; both passes get the same server-rendered markup.
describe.skipIf(jsMode === 'off')(`accessibility with axe-core (JavaScript ${jsMode})`, () => {
  test('public pages, placeholders and the 404 page have no serious or critical violation', async ({ page }) => {
    const paths = [
      '/',
      '/searchResults?q=rice',
      '/searchResults?q=zzzz-nothing-matches',
      `/shop/${shopId}`,
      `/shop/${shopId}/order?product=${productId}&qty=2`,
      `/shop/${shopId}/message`,
      `/product/${productId}`,
      '/lilyChat',
      '/lilyChat?say=Where%20can%20I%20buy%20rice',
      `/shop/${shopId}/reviews`,
      '/settings',
      '/fetchAdDetails',
      '/verification',
      '/saved',
      '/no-such-page',
    ];
    expect(await audit(page, paths)).toEqual({});
  });

  test('sign-in, sign-up and password pages, with and without their error messages', async ({ page }) => {
    const paths = ['/login', '/login?expired=1', '/signup', '/forgotPassword', '/reset-password?uid=x&token=y'];
    expect(await audit(page, paths)).toEqual({});
    await page.goto('/login');
    await page.getByLabel('Username or email').fill('nobody-here');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the owner’s pages, signed in', async ({ page }) => {
    await signIn(page, owner.username, owner.password);
    await page.waitForURL((url) => url.pathname === '/');
    const paths = [
      '/myShop',
      `/myShop?delete=${shopId}`,
      '/myShop?deleted=1',
      '/createShop',
      `/editShop/${shopId}/edit-shop`,
      `/shop/${shopId}/products`,
      `/shop/${shopId}/products?delete=${productId}`,
      `/shop/${shopId}/add-products`,
      `/shop/${productId}/edit-products`,
      '/purchaseAds',
      `/shop/${shopId}/step1`,
      `/shop/${shopId}/paymentInitiation`,
      '/verify-transaction?reference=no-such-reference',
      '/rating',
      `/shop/${shopId}/rate`,
      `/shop/${shopId}/report`,
      '/messages',
      `/messages/${threadId}`,
      '/settings',
      '/settings?done=password',
    ];
    expect(await audit(page, paths)).toEqual({});
  });

  test('a buyer’s messages pages, signed in: the inbox, a thread with an order request, writing and ordering', async ({ page }) => {
    await signIn(page, buyer.username, buyer.password);
    await page.waitForURL((url) => url.pathname === '/');
    const paths = ['/messages', `/messages/${threadId}`, `/shop/${shopId}/message`, `/shop/${shopId}/order?product=${productId}&qty=2`];
    expect(await audit(page, paths)).toEqual({});
  });
});

/** Presses Tab until `target` has focus; fails when it never does, which means the keyboard cannot reach it. */
async function tabTo(page: Page, target: Locator, what: string) {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

describe(`forms by keyboard alone (JavaScript ${jsMode})`, () => {
  test('sign in: Tab to each field, type, and Enter sends the form', async ({ page }) => {
    await page.goto('/login');
    await page.locator('#login').waitFor();
    await tabTo(page, page.getByLabel('Username or email'), 'the username field');
    await page.keyboard.type(owner.username);
    await tabTo(page, page.getByLabel('Password'), 'the password field');
    await page.keyboard.type(owner.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'For You' }).waitFor();
  });

  test('sign up and forgot password: every field is reachable and Enter sends the form', async ({ page }) => {
    const person = newPerson();
    await page.goto('/signup');
    await page.locator('#signup').waitFor();
    const fields: [string, string][] = [
      ['Email', person.email],
      ['Username', person.username],
      ['Phone number', person.phone_number],
      ['Password', person.password],
    ];
    for (const [label, value] of fields) {
      await tabTo(page, page.getByLabel(label), label);
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'For You' }).waitFor();
    await page.context().clearCookies();

    await page.goto('/forgotPassword');
    await page.locator('h1').first().waitFor();
    await tabTo(page, page.getByLabel('Email'), 'the email field');
    await page.keyboard.type(`${owner.username}@example.ng`);
    await page.keyboard.press('Enter');
    await page.getByRole('status').or(page.getByRole('alert')).first().waitFor();
  });

  test('the search box: Tab to it, type, Enter shows the results', async ({ page }) => {
    await page.goto('/searchResults');
    await page.locator('h1').first().waitFor();
    const box = page.getByRole('searchbox').first();
    await tabTo(page, box, 'the search box');
    await page.keyboard.type('Iya Basira');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Iya Basira');
    await page.getByRole('list', { name: 'Search results' }).getByText('Iya Basira Foods').first().waitFor();
  });

  test('create a shop: every field and the photo are reachable, and Enter on the button sends it', async ({ page }) => {
    await signIn(page, owner.username, owner.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/createShop');
    await page.locator('h1').first().waitFor();
    const values: [string, string][] = [
      ['Shop name', 'Keyboard Kiosk'],
      ['Address', '1 Marina, Lagos'],
      ['State', 'Lagos'],
      ['Category', 'Phones'],
      ['Description', 'Cases and chargers.'],
    ];
    for (const [label, value] of values) {
      await tabTo(page, page.getByLabel(label, { exact: true }), label);
      await page.keyboard.type(value);
    }
    const photo = page.getByLabel(/photo|image/i).first();
    await tabTo(page, photo, 'the photo picker');
    // The file chooser itself belongs to the system; a keyboard user opens it with Space on the focused input.
    await photo.setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpegBuffer({ width: 640, height: 480 }) });
    await tabTo(page, page.getByRole('button', { name: /create shop/i }), 'the Create Shop button');
    await page.keyboard.press('Enter');
    await page.getByText('Shop created successfully!', { exact: false }).first().waitFor();
  });
});
