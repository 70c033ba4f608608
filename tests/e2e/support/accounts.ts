import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { whenInteractive } from './hydration';

export type Person = { email: string; username: string; phone_number: string; password: string };

/** A unique, valid sign-up: each call makes a different person. */
export function newPerson(overrides: Partial<Person> = {}): Person {
  const tag = randomBytes(4).toString('hex');
  return { email: `ada${tag}@example.ng`, username: `ada${tag}`, phone_number: '08031234567', password: 'stall-keeper-42', ...overrides };
}

/** Signs `person` up straight at the API, for tests about what comes after. */
export async function signUpAtApi(apiUrl: string, person: Person) {
  const response = await fetch(`${apiUrl}/auth/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { user: { id: string; phone_number: string }; token: { access: string; refresh: string } };
}

/** Fills and sends the sign-up form of the page it is on. */
export async function fillSignUp(page: Page, person: Person) {
  await whenInteractive(page, '#signup');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Phone number').fill(person.phone_number);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

export async function signIn(page: Page, usernameOrEmail: string, password: string) {
  await page.goto('/login');
  await whenInteractive(page, '#login');
  await page.getByLabel('Username or email').fill(usernameOrEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The header menu's items, read whether or not the menu is open. */
export async function accountMenu(page: Page): Promise<string[]> {
  // The Lite mode switch sits in the menu too, whoever is signed in.
  const items = page.getByRole('navigation', { name: 'Account', includeHidden: true }).locator('a, form:not(.lite-switch) button');
  return (await items.allTextContents()).map((text) => text.trim());
}

/** Logout from the header menu, a plain POST form. */
export async function logOut(page: Page) {
  const menu = page.locator('details.menu');
  if (!(await menu.evaluate((details) => (details as HTMLDetailsElement).open))) await page.getByLabel('Menu', { exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}
