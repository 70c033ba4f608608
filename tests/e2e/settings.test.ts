import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { MSG } from '#rules/messages.ts';
import { accountMenu, logOut, newPerson, signIn, signUpAtApi } from './support/accounts';
import { expect, jsMode, plainHttp, test } from './support/browser';
import { whenInteractive } from './support/hydration';
import { newOwner, type Owner, shopAtApi, signedInOwner } from './support/owners';

const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`);

async function loginAtApi(apiUrl: string, owner: Owner, password = owner.password) {
  return fetch(`${apiUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: owner.username, password }),
  });
}

const profileStatus = async (apiUrl: string, access: string) =>
  (await fetch(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${access}` } })).status;

describe(`settings (JavaScript ${jsMode})`, () => {
  test('signed out, it offers sign-in and comes back to Settings', async ({ page }) => {
    const response = await page.goto('/settings');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings');
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe('/login?redirectTo=%2Fsettings');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).isVisible()).toBe(true);
  });

  test.runIf(plainHttp)('signed out, the page may be shared; the download is a sign-in', async ({ webUrl }) => {
    const response = await fetch(`${webUrl}/settings`);
    expect(response.headers.get('cache-control')).toMatch(/^public/);
    const download = await fetch(`${webUrl}/settings/data.json`, { redirect: 'manual' });
    expect(download.status).toBe(302);
    expect(download.headers.get('location')).toBe('/login?redirectTo=%2Fsettings%2Fdata.json');
  });

  test('changing the password ends the other sign-in, keeps this one, and the old password no longer signs in', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const elsewhere = (await (await loginAtApi(apiUrl, owner)).json()).token as { access: string };
    await page.goto('/settings');
    await whenInteractive(page, '#settings-password');

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('market-day-2026');
    await page.getByLabel('Type the new password again').fill('market-day-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => errorOf(page, 'settings-password-current_password').textContent()).toBe(MSG.currentPasswordWrong);
    expect(await profileStatus(apiUrl, elsewhere.access)).toBe(200);

    await page.getByLabel('Current password').fill(owner.password);
    await page.getByLabel('New password', { exact: true }).fill('market-day-2026');
    await page.getByLabel('Type the new password again').fill('market-day-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(MSG.passwordChanged).waitFor();
    expect(await profileStatus(apiUrl, elsewhere.access)).toBe(401);

    // Still signed in here: the page shows the account's own fields again after a fresh load.
    await page.goto('/settings');
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe(owner.username);

    await logOut(page);
    await signIn(page, owner.username, owner.password);
    await page.getByText(MSG.wrongCredentials).waitFor();
    await signIn(page, owner.username, 'market-day-2026');
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('a taken username is refused next to its field, with what was typed kept', async ({ page, apiUrl }) => {
    const other = newPerson();
    await signUpAtApi(apiUrl, other);
    await signedInOwner(page, apiUrl);
    await page.goto('/settings');
    await whenInteractive(page, '#settings-profile');
    await page.getByLabel('Username').fill(other.username.toUpperCase());
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => errorOf(page, 'settings-profile-username').textContent()).toBe(MSG.usernameTaken);
    expect(await page.getByLabel('Username').inputValue()).toBe(other.username.toUpperCase());
  });

  test('a profile sent after the sign-in ended waits on the form after signing in again, not yet saved', async ({ page, context, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    await page.goto('/settings');
    await whenInteractive(page, '#settings-profile');
    await context.clearCookies();
    await page.getByLabel('Username').fill(`${owner.username}x`);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await whenInteractive(page, '#login');
    await page.getByLabel('Username or email').fill(owner.username);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe(`${owner.username}x`);
    const account = await (await fetch(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${owner.token}` } })).json();
    expect(account.username).toBe(owner.username);
  });

  test('email alerts for messages turn off and stay off', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    await page.goto('/settings');
    await whenInteractive(page, 'form:has(input[value="alerts"])');
    const messages = page.getByLabel('Email me when someone writes to me');
    expect(await messages.isChecked()).toBe(true);
    await messages.uncheck();
    await page.getByRole('button', { name: 'Save alerts' }).click();
    await page.getByText(MSG.mailAlertsSaved).waitFor();
    expect(await page.getByLabel('Email me when someone writes to me').isChecked()).toBe(false);
    expect(await page.getByLabel('Email me before my shop’s ad ends').isChecked()).toBe(true);
    const account = await (await fetch(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${owner.token}` } })).json();
    expect(account).toMatchObject({ message_mail_alerts: false, renewal_mail_alerts: true });
  });

  test('text message alerts turn on in Settings per shop, the same switch My Shops shows', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Text message alerts' });
    const switchRow = section.locator('.sms-alerts');
    expect(await switchRow.textContent()).toContain(`${shop.name}: Text me when a buyer writes (SMS to 0803 ••• 4567)`);
    await whenInteractive(page, '.sms-alerts');
    await switchRow.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText(MSG.smsAlertsSaved).waitFor();
    await section.locator('.sms-alerts').getByRole('button', { name: 'Turn off' }).waitFor();

    await page.goto('/myShop');
    await page.locator('.sms-alerts').getByRole('button', { name: 'Turn off' }).waitFor();
  });

  test('Download my data gives one JSON file holding the shop', async ({ page, apiUrl }) => {
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    await page.goto('/settings');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe(`kasuwa-${owner.username}.json`);
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(exported.account.username).toBe(owner.username);
    expect(exported.shops.map((held: { name: string }) => held.name)).toEqual([shop.name]);
    expect(JSON.stringify(exported)).not.toContain('scrypt$');
  });

  test('Delete my account asks for the password, then signs out, frees the username and leaves the buyer a read-only thread', async ({ page, apiUrl }) => {
    const buyer = await newOwner(apiUrl);
    const owner = await signedInOwner(page, apiUrl);
    const shop = await shopAtApi(apiUrl, owner);
    const asked = await fetch(`${apiUrl}/shops/${shop.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Do you sell rice by the mudu?' }),
    });
    expect(asked.status).toBe(201);
    const threadId = (await asked.json()).thread_id as string;

    await page.goto('/settings');
    await whenInteractive(page, '#settings-delete-account');
    const section = page.getByRole('region', { name: 'Delete my account' });
    expect(await section.getByText('is not refunded').isVisible()).toBe(true);
    await section.getByLabel('Your password').fill('not-my-password');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => errorOf(page, 'settings-delete-account-current_password').textContent()).toBe(MSG.currentPasswordWrong);
    expect(await profileStatus(apiUrl, owner.token)).toBe(200);

    await section.getByLabel('Your password').fill(owner.password);
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?account-deleted');
    await page.getByText(MSG.accountDeleted).waitFor();
    await expect.poll(() => accountMenu(page)).toEqual(['Sign Up', 'Sign In', 'Saved shops']);
    expect(await profileStatus(apiUrl, owner.token)).toBe(401);
    expect((await fetch(`${apiUrl}/shops/${shop.id}`)).status).toBe(404);
    // The username and email are free: the same person can sign up again.
    await signUpAtApi(apiUrl, newPerson({ username: owner.username, email: `${owner.username}@example.ng` }));

    await signIn(page, buyer.username, buyer.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/messages');
    await page.getByText(MSG.deletedAccount).first().waitFor();
    await page.goto(`/messages/${threadId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(MSG.deletedAccount);
    expect(await page.getByText('Do you sell rice by the mudu?').isVisible()).toBe(true);
    await page.getByText(MSG.otherSideDeleted).waitFor();
    expect(await page.getByRole('region', { name: 'Reply' }).getByRole('textbox').count()).toBe(0);
  });
});
