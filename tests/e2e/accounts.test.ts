import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createCookieSessionStorage } from 'react-router';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { freePort, type RunningProduct, startProduct } from '#scripts/lib/product.ts';
import { latestResetLink } from '../support/outbox';
import { accountMenu, fillSignUp, logOut, newPerson, signIn, signUpAtApi } from './support/accounts';
import { expect, jsMode, test } from './support/browser';
import { testProductEnv } from './support/global-setup';
import { whenInteractive } from './support/hydration';
import { newOwner, shopAtApi } from './support/owners';

const SIGNED_IN = ['My Shop', 'Messages', 'My ratings', 'Saved shops', 'Logout'];
const SIGNED_OUT = ['Sign Up', 'Sign In', 'Saved shops'];

const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`);

/** A browser without constraint validation (Opera Mini's server, old WebViews) sends whatever was typed. */
async function asBrowserThatDoesNotCheck(page: Page, form: string) {
  await page.locator(`#${form}`).evaluate((element) => ((element as HTMLFormElement).noValidate = true));
}

async function postJson(url: string, body: unknown) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Sets a new password through the provider's emailed link, as someone on another phone would. */
async function resetAtApi(apiUrl: string, email: string, newPassword: string) {
  const since = Date.now();
  expect((await postJson(`${apiUrl}/auth/password-reset/request/`, { email })).status).toBe(200);
  const link = await latestResetLink(inject('dataDir'), email, { since });
  const confirmed = await postJson(`${apiUrl}/auth/password-reset/confirm/`, {
    uid: link.searchParams.get('uid'),
    token: link.searchParams.get('token'),
    new_password: newPassword,
  });
  expect(confirmed.status).toBe(200);
}

describe(`accounts (JavaScript ${jsMode})`, () => {
  test('sign up names every problem of docs/product.md §5 next to its field and keeps what was typed, never the password', async ({ page }) => {
    await page.goto('/signup');
    await whenInteractive(page, '#signup');
    // Until JavaScript runs, the browser itself refuses empty fields and short values.
    expect(await page.getByLabel('Username').getAttribute('minlength')).toBe('3');
    expect(await page.getByLabel('Password').getAttribute('minlength')).toBe('6');
    expect(await page.getByLabel('Email').getAttribute('required')).not.toBeNull();
    await asBrowserThatDoesNotCheck(page, 'signup');

    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => errorOf(page, 'signup-email').textContent()).toBe(MSG.emailRequired);
    expect(await errorOf(page, 'signup-username').textContent()).toBe(MSG.usernameRequired);
    expect(await errorOf(page, 'signup-phone_number').textContent()).toBe(MSG.phoneRequired);
    expect(await errorOf(page, 'signup-password').textContent()).toBe(MSG.passwordRequired);

    await asBrowserThatDoesNotCheck(page, 'signup');
    await page.getByLabel('Email').fill('ada@example');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Phone number').fill('0803123');
    await page.getByLabel('Password').fill('12345');
    if (jsMode === 'on') {
      // With JavaScript the message comes as soon as the field is left, before anything is sent.
      await page.getByLabel('Password').blur();
      await expect.poll(() => errorOf(page, 'signup-password').textContent()).toBe(MSG.passwordMin);
    }
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => errorOf(page, 'signup-email').textContent()).toBe(MSG.emailInvalid);
    expect(await errorOf(page, 'signup-username').textContent()).toBe(MSG.usernameMin);
    expect(await errorOf(page, 'signup-phone_number').textContent()).toBe(MSG.phoneInvalid);
    expect(await errorOf(page, 'signup-password').textContent()).toBe(MSG.passwordMin);
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');

    expect(await page.getByLabel('Email').inputValue()).toBe('ada@example');
    expect(await page.getByLabel('Username').inputValue()).toBe('ab');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('0803123');
    // Without JavaScript the page came back from the server, which never sends a password back.
    if (jsMode === 'off') expect(await page.getByLabel('Password').inputValue()).toBe('');
  });

  test('the provider refusing a sign-up shows its message next to the field it is about', async ({ page, apiUrl }) => {
    const taken = newPerson();
    await signUpAtApi(apiUrl, taken);

    await page.goto('/signup');
    await fillSignUp(page, newPerson({ username: taken.username }));

    await expect.poll(() => errorOf(page, 'signup-username').textContent()).toBe(MSG.usernameTaken);
    expect(new URL(page.url()).pathname).toBe('/signup');
    await expect.poll(() => accountMenu(page)).toEqual(SIGNED_OUT);
  });

  test.for([
    ['080…', '08031234567'],
    ['+23480…', '+2348031234567'],
    ['234 0803…', '234 0803 123 4567'],
  ] as const)(
    'sign up with a %s number goes home signed in, greeted by name with ways on for buyers and sellers, and the number is stored as +234…',
    async ([, phone], { page, apiUrl }) => {
      const person = newPerson({ phone_number: phone });
      await page.goto('/signup');
      await fillSignUp(page, person);

      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => accountMenu(page)).toEqual(SIGNED_IN);
      const welcome = page.getByRole('status').filter({ hasText: 'Welcome' });
      expect(await welcome.getByRole('heading').textContent()).toBe(`Welcome to Kasuwa, ${person.username}!`);
      expect(await welcome.getByRole('link', { name: 'Browse shops' }).getAttribute('href')).toBe('/searchResults');
      expect(await welcome.getByRole('link', { name: 'Create your shop' }).getAttribute('href')).toBe('/createShop');
      expect(await welcome.textContent()).toContain('Buying?');
      const signedIn = (await (await postJson(`${apiUrl}/auth/login/`, { username_or_email: person.username, password: person.password })).json()) as {
        user: { phone_number: string };
      };
      expect(signedIn.user.phone_number).toBe('+2348031234567');

      await logOut(page);
      await expect.poll(() => accountMenu(page)).toEqual(SIGNED_OUT);
    },
  );

  test('signs in with the username and with the email, and logging out returns to the signed-out header', async ({ page, apiUrl }) => {
    const person = newPerson();
    await signUpAtApi(apiUrl, person);

    for (const name of [person.username, person.email.toUpperCase()]) {
      await signIn(page, name, person.password);
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => accountMenu(page)).toEqual(SIGNED_IN);
      await logOut(page);
      await expect.poll(() => accountMenu(page)).toEqual(SIGNED_OUT);
    }
  });

  test('signing in from a page that asked for it returns there, and never to another site', async ({ page, apiUrl, webUrl }) => {
    const person = newPerson();
    await signUpAtApi(apiUrl, person);

    for (const [asked, landing] of [
      ['/settings', '/settings'],
      ['//evil.example/phish', '/'],
    ] as const) {
      await page.goto(`/login?${new URLSearchParams({ redirectTo: asked })}`);
      await whenInteractive(page, '#login');
      await page.getByLabel('Username or email').fill(person.username);
      await page.getByLabel('Password').fill(person.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === landing);
      expect(new URL(page.url()).origin, asked).toBe(new URL(webUrl).origin);
      await logOut(page);
    }
  });

  test('a wrong password says so above the form and keeps the name, not the password', async ({ page, apiUrl }) => {
    const person = newPerson();
    await signUpAtApi(apiUrl, person);

    await signIn(page, person.username, 'not-my-password');

    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Wrong username, email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByLabel('Username or email').inputValue()).toBe(person.username);
    if (jsMode === 'off') expect(await page.getByLabel('Password').inputValue()).toBe('');
    await expect.poll(() => accountMenu(page)).toEqual(SIGNED_OUT);
  });

  test('signed-in people who open the sign-in or sign-up page are sent home', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, newPerson());
    await page.waitForURL((url) => url.pathname === '/');

    for (const address of ['/login', '/signup']) {
      await page.goto(address);
      expect(new URL(page.url()).pathname, address).toBe('/');
    }
  });

  test('a provider 401 (the password was changed elsewhere) ends the session and opens the sign-in page', async ({ page, context, webUrl, apiUrl }) => {
    const person = newPerson();
    await page.goto('/signup');
    await fillSignUp(page, person);
    await page.waitForURL((url) => url.pathname === '/');
    await whenInteractive(page, '.bottom-nav a');

    await resetAtApi(apiUrl, person.email, 'changed-elsewhere');
    // The session's access token is still unexpired; make it due for renewal so the next request asks the provider.
    await expireAccessToken(context, webUrl);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();

    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => accountMenu(page)).toEqual(SIGNED_OUT);
    expect((await context.cookies()).some((cookie) => cookie.name === '__kasuwa' && cookie.value !== '')).toBe(false);
  });

  test('a provider 401 on My Shop’s page or its delete form ends the session and loads the sign-in page afresh', async ({ page, context, apiUrl }) => {
    const person = newPerson();
    const { token } = await signUpAtApi(apiUrl, person);
    const shop = await shopAtApi(apiUrl, { username: person.username, password: person.password, token: token.access });
    await signIn(page, person.username, person.password);
    await page.waitForURL((url) => url.pathname === '/');

    // The form is on screen before the password changes elsewhere; its token is then refused.
    await page.goto(`/myShop?delete=${shop.id}`);
    await whenInteractive(page, '.confirm-delete button');
    await markDocument(page);
    await resetAtApi(apiUrl, person.email, 'changed-elsewhere');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectSignedOutOnFreshLogin(page, context);
    const session = (await (await postJson(`${apiUrl}/auth/login/`, { username_or_email: person.username, password: 'changed-elsewhere' })).json()) as {
      token: { access: string };
    };
    const profile = await fetch(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${session.token.access}` } });
    expect(((await profile.json()) as { shops: { id: string }[] }).shops.map(({ id }) => id)).toEqual([shop.id]);

    await signIn(page, person.username, 'changed-elsewhere');
    await page.waitForURL((url) => url.pathname === '/');
    await whenInteractive(page, '.bottom-nav a');
    await markDocument(page);
    await resetAtApi(apiUrl, person.email, 'changed-again');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Shop' }).click();
    await expectSignedOutOnFreshLogin(page, context);
  });

  test('the password reset: the emailed link, a new password, signing in with it; the used link then says so', async ({ page, apiUrl }) => {
    const person = newPerson();
    await signUpAtApi(apiUrl, person);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgotPassword');
    await whenInteractive(page, '#forgot-password');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(MSG.resetRequestSent);

    const link = await latestResetLink(inject('dataDir'), person.email);
    await page.goto(link.pathname + link.search);
    await whenInteractive(page, '#reset-password');
    await page.getByLabel('New password').fill('brand-new-pass');
    await page.getByLabel('Type it again').fill('brand-new-typo');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect.poll(() => errorOf(page, 'reset-password-confirm_password').textContent()).toBe(MSG.passwordsDiffer);

    await page.getByLabel('New password').fill('brand-new-pass');
    await page.getByLabel('Type it again').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.getByRole('status').textContent()).toBe(MSG.passwordResetDone);

    await signIn(page, person.email, 'brand-new-pass');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => accountMenu(page)).toEqual(SIGNED_IN);
    await logOut(page);

    const again = await page.goto(link.pathname + link.search);
    expect(again?.status()).toBe(400);
    expect(await page.getByRole('alert').textContent()).toBe(MSG.resetLinkInvalid);
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgotPassword');
    expect(await page.getByLabel('New password').count()).toBe(0);
  });
});

/** With JavaScript, marks the page's window: a full page load starts a new one without the mark. */
async function markDocument(page: Page) {
  if (jsMode === 'on') await page.evaluate(() => Object.assign(window, { kasuwaEarlierDocument: true }));
}

/** The sign-in page, reached with a full page load, and no session left in the browser. */
async function expectSignedOutOnFreshLogin(page: Page, context: BrowserContext) {
  await page.waitForURL((url) => url.pathname === '/login');
  await expect.poll(() => accountMenu(page)).toEqual(SIGNED_OUT);
  expect((await context.cookies()).some((cookie) => cookie.name === '__kasuwa' && cookie.value !== '')).toBe(false);
  if (jsMode === 'on') expect(await page.evaluate(() => 'kasuwaEarlierDocument' in window)).toBe(false);
}

/** Rewrites this browser's session cookie so its access token is about to expire, as the server's own session code reads it. */
async function expireAccessToken(context: BrowserContext, webUrl: string) {
  const secret = process.env.SESSION_SECRET || (await readFile(path.join(inject('dataDir'), 'secrets', 'session'), 'utf8')).trim();
  const store = createCookieSessionStorage({ cookie: { name: '__kasuwa', secrets: [secret] } });
  const cookie = (await context.cookies()).find((candidate) => candidate.name === '__kasuwa');
  if (!cookie) throw new Error('not signed in');
  const session = await store.getSession(`__kasuwa=${cookie.value}`);
  const payload = Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 30 })).toString('base64url');
  session.set('access', `e30.${payload}.unsigned`);
  const value = /^__kasuwa=([^;]*)/.exec(await store.commitSession(session))?.[1] ?? '';
  await context.addCookies([{ name: '__kasuwa', value, url: webUrl, httpOnly: true, sameSite: 'Lax' }]);
}

describe(`idle sign-out (JavaScript ${jsMode})`, () => {
  // The shared product keeps the 5-minute limit other files rely on; this one signs out after 3 seconds.
  const IDLE_SECONDS = 3;
  let product: RunningProduct;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-e2e-idle-'));
    const webPort = await freePort();
    let apiPort = await freePort();
    while (apiPort === webPort) apiPort = await freePort();
    const env = testProductEnv({
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      WEB_URL: `http://localhost:${webPort}`,
      SESSION_IDLE_MINUTES: String(IDLE_SECONDS / 60),
      // The idle limit lives in the session cookie, the same for any process; one starts sooner.
      WEB_WORKERS: '1',
    });
    product = startProduct({ webPort, apiPort, env, log: () => {}, readyTimeoutMs: 90_000 });
    await product.ready;
  });

  afterAll(async () => {
    await product?.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  test(
    jsMode === 'on'
      ? 'someone pressing keys past the limit, without loading a page, stays signed in'
      : 'someone moving between pages past the limit stays signed in',
    async ({ browser }) => {
      const context = await browser.newContext({ baseURL: product.webUrl, javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
      const page = await context.newPage();
      await page.goto('/signup');
      await fillSignUp(page, newPerson());
      await page.waitForURL((url) => url.pathname === '/');

      const nav = page.getByRole('navigation', { name: 'Main' });
      for (let second = 0; second < IDLE_SECONDS * 2; second += 1) {
        await page.waitForTimeout(1000);
        if (jsMode === 'on') await page.keyboard.press('Shift');
        else await nav.getByRole('link', { name: second % 2 ? 'Home' : 'Settings' }).click();
      }

      await nav.getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL((url) => url.pathname === '/settings');
      await expect.poll(() => accountMenu(page)).toEqual(SIGNED_IN);
      await context.close();
    },
  );

  test(
    jsMode === 'on'
      ? "after the idle limit the page signs out by itself and shows 'Session Expired'; OK closes it"
      : "after the idle limit the next page asks to sign in again with 'Session Expired'; OK closes it",
    async ({ browser }) => {
      const context = await browser.newContext({ baseURL: product.webUrl, javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
      const page = await context.newPage();
      await page.goto('/signup');
      await fillSignUp(page, newPerson());
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => accountMenu(page)).toEqual(SIGNED_IN);

      if (jsMode === 'on') {
        await page.waitForURL((url) => url.pathname === '/login' && url.search === '?expired=1', { timeout: IDLE_SECONDS * 1000 * 4 });
      } else {
        // The limit, plus the tenth of it by which the server may count late (never early), plus a margin.
        await page.waitForTimeout(IDLE_SECONDS * 1100 + 500);
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
        await page.waitForURL((url) => url.pathname === '/login' && url.search === '?expired=1');
      }

      const dialog = page.getByRole('dialog', { name: MSG.sessionExpiredTitle });
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.getByText(MSG.sessionExpired).isVisible()).toBe(true);
      await expect.poll(() => accountMenu(page)).toEqual(SIGNED_OUT);
      if (jsMode === 'on') {
        await whenInteractive(page, '.session-expired');
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('OK');
      }

      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
      await context.close();
    },
  );

  test(
    jsMode === 'on'
      ? 'text typed on Edit Shop when the idle limit signs out is back on the form after signing in again'
      : 'text posted from Edit Shop after the idle limit is back on the form after signing in again',
    async ({ browser }) => {
      const context = await browser.newContext({ baseURL: product.webUrl, javaScriptEnabled: jsMode === 'on', locale: 'en-NG' });
      const page = await context.newPage();
      const owner = await newOwner(product.apiUrl);
      const shop = await shopAtApi(product.apiUrl, owner);
      await signIn(page, owner.username, owner.password);
      await page.waitForURL((url) => url.pathname === '/');
      const formPath = `/editShop/${shop.id}/edit-shop`;
      await page.goto(formPath);
      await whenInteractive(page, '#edit-shop');
      const words = 'Rice, beans and garri by the bag. Palm oil in 5 and 25 litre kegs, fresh every Monday.';
      await page.getByLabel('Description').fill(words);

      if (jsMode === 'off') {
        await page.waitForTimeout(IDLE_SECONDS * 1100 + 500);
        await page.getByRole('button', { name: 'Save changes' }).click();
      }
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === formPath, { timeout: IDLE_SECONDS * 1000 * 4 });
      expect(await page.getByText(MSG.typedTextKept).isVisible()).toBe(true);
      await page.getByRole('dialog', { name: MSG.sessionExpiredTitle }).getByRole('button', { name: 'OK' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('expired') === null);
      await whenInteractive(page, '#login');
      await page.getByLabel('Username or email').fill(owner.username);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();

      await page.waitForURL((url) => url.pathname === formPath);
      await whenInteractive(page, '#edit-shop');
      expect(await page.getByLabel('Description').inputValue()).toBe(words);
      const saved = (await (await fetch(`${product.apiUrl}/shops/${shop.id}`)).json()) as { description: string };
      expect(saved.description).toBe('Rice, beans and garri by the bag.');
      // Once back, the kept text is spent: a reload shows what is saved.
      await page.reload();
      await whenInteractive(page, '#edit-shop');
      expect(await page.getByLabel('Description').inputValue()).toBe('Rice, beans and garri by the bag.');
      await context.close();
    },
  );

  test.runIf(jsMode === 'on')(
    'a tab left idle does not sign out someone busy in another tab; once both are idle, both show Session Expired',
    async ({ browser }) => {
      const context = await browser.newContext({ baseURL: product.webUrl, locale: 'en-NG' });
      const idle = await context.newPage();
      await idle.goto('/signup');
      await fillSignUp(idle, newPerson());
      await idle.waitForURL((url) => url.pathname === '/');
      await whenInteractive(idle, '.bottom-nav a');
      await markDocument(idle);
      const busy = await context.newPage();
      await busy.goto('/settings');
      await whenInteractive(busy, '.bottom-nav a');

      for (let pressed = 0; pressed < IDLE_SECONDS * 12; pressed += 1) {
        await busy.keyboard.press('Shift');
        await busy.waitForTimeout(250);
      }

      expect(new URL(idle.url()).pathname).toBe('/');
      expect(await idle.evaluate(() => 'kasuwaEarlierDocument' in window)).toBe(true);
      await busy.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
      await busy.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => accountMenu(busy)).toEqual(SIGNED_IN);

      for (const page of [idle, busy]) {
        await page.waitForURL((url) => url.pathname === '/login' && url.search === '?expired=1', { timeout: IDLE_SECONDS * 1000 * 4 });
        expect(await page.getByRole('dialog', { name: MSG.sessionExpiredTitle }).isVisible()).toBe(true);
      }
      await context.close();
    },
  );
});
