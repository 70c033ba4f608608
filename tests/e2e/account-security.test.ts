import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createCookieSessionStorage } from 'react-router';
import { describe, inject } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { jpegBuffer } from '../fixtures/images';
import { latestResetLink } from '../support/outbox';
import { accountMenu, fillSignUp, newPerson, signUpAtApi } from './support/accounts';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { ownerAtApi, webSessionCookie } from './support/web-requests';

const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`);

/** The provider's tokens inside a web session cookie, read as the web tier reads them. */
async function tokensIn(cookie: string): Promise<{ access: string; refresh: string }> {
  const secret = process.env.SESSION_SECRET || (await readFile(path.join(inject('dataDir'), 'secrets', 'session'), 'utf8')).trim();
  const session = await createCookieSessionStorage({ cookie: { name: '__kasuwa', secrets: [secret] } }).getSession(cookie);
  return { access: session.get('access'), refresh: session.get('refresh') };
}

describe(`logging out (JavaScript ${jsMode})`, () => {
  test.runIf(plainHttp)('a session cookie captured before logout no longer opens My Shops, creates a shop or renews its tokens', async ({ webUrl, apiUrl }) => {
    const owner = await ownerAtApi(apiUrl);
    const captured = await webSessionCookie(webUrl, owner);
    const { refresh } = await tokensIn(captured);
    const myShops = () => fetch(`${webUrl}/myShop`, { headers: { cookie: captured }, redirect: 'manual' });
    expect((await myShops()).status).toBe(200);

    const loggedOut = await fetch(`${webUrl}/logout`, {
      method: 'POST',
      headers: { cookie: captured, origin: webUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(loggedOut.status).toBe(302);
    expect(loggedOut.headers.get('set-cookie')).toMatch(/^__kasuwa=;/);

    // Someone who copied the cookie before (a shared cyber-café browser) tries it afterwards.
    const opened = await myShops();
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/login');

    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: 'Copied Cookie Stores',
      address: '1 Marina, Lagos',
      state: 'Lagos',
      category: 'Food',
      description: 'Never made.',
    })) {
      form.set(name, value);
    }
    form.set('image', new Blob([new Uint8Array(await jpegBuffer({ width: 320, height: 240 }))], { type: 'image/jpeg' }), 'front.jpg');
    const created = await fetch(`${webUrl}/createShop`, { method: 'POST', headers: { cookie: captured, origin: webUrl }, body: form, redirect: 'manual' });
    expect(created.status).toBe(302);
    expect(created.headers.get('location')).toBe('/login');

    const renewed = await fetch(`${apiUrl}/auth/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    expect(renewed.status).toBe(401);

    const signedIn = await fetch(`${apiUrl}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: owner.username, password: owner.password }),
    });
    const { token } = (await signedIn.json()) as { token: { access: string } };
    const profile = await fetch(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${token.access}` } });
    expect(((await profile.json()) as { shops: unknown[] }).shops).toEqual([]);
  });
});

describe(`common passwords (JavaScript ${jsMode})`, () => {
  test('a common password is refused at sign-up, with the reason next to the password', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, newPerson({ password: 'password1' }));

    await expect.poll(() => errorOf(page, 'signup-password').textContent()).toBe(MSG.passwordTooCommon);
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(await accountMenu(page)).toEqual(['Sign Up', 'Sign In', 'Saved shops']);
  });

  test('a common password is refused on the reset page, and the link still takes a better one', async ({ page, apiUrl }) => {
    const person = newPerson();
    await signUpAtApi(apiUrl, person);
    await fetch(`${apiUrl}/auth/password-reset/request/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email }),
    });
    const link = await latestResetLink(inject('dataDir'), person.email);

    await page.goto(link.pathname + link.search);
    await whenInteractive(page, '#reset-password');
    await page.getByLabel('New password').fill('qwerty123');
    await page.getByLabel('Type it again').fill('qwerty123');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect.poll(() => errorOf(page, 'reset-password-new_password').textContent()).toBe(MSG.passwordTooCommon);

    await page.getByLabel('New password').fill('ada-sells-lace-in-ikeja');
    await page.getByLabel('Type it again').fill('ada-sells-lace-in-ikeja');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.getByRole('status').textContent()).toBe(MSG.passwordResetDone);
  });
});
