import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { jpegBuffer } from '#tests/fixtures/images.ts';
import { newPerson, signUpAtApi } from './accounts';
import { webSessionCookie } from './web-requests';

export type Owner = { username: string; password: string; token: string };
export type ApiShop = {
  id: string;
  name: string;
  address: string;
  category: string;
  description: string;
  image_url: string;
  image?: { width: number; height: number };
  tags: string[];
  is_sponsored?: boolean;
  sponsored_until?: string | null;
};

/** A short random tag that keeps names of one run apart. */
export const tag = () => randomBytes(3).toString('hex');

/** A new owner signed up straight at the API, with their access token for API calls. */
export async function newOwner(apiUrl: string): Promise<Owner> {
  const person = newPerson();
  const { token } = await signUpAtApi(apiUrl, person);
  return { username: person.username, password: person.password, token: token.access };
}

/**
 * A new owner, signed in on `page`'s browser through the web tier's own sign-in form, sent as a plain
 * post: the sign-in pages themselves have their tests, and opening them for every owner cost each test
 * two page loads. The page stays where it was.
 */
export async function signedInOwner(page: Page, apiUrl: string, webUrl = inject('webUrl')): Promise<Owner> {
  const owner = await newOwner(apiUrl);
  await signInByCookie(page, webUrl, owner);
  return owner;
}

/** Signs `person` in on `page`'s browser with the cookie of a plain sign-in post; the page stays where it was. */
export async function signInByCookie(page: Page, webUrl: string, person: { username: string; password: string }) {
  const cookie = await webSessionCookie(webUrl, person);
  const at = cookie.indexOf('=');
  await page.context().addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: webUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/** A shop made straight at the API, for tests about what comes after creating one. */
export async function shopAtApi(apiUrl: string, owner: Owner, name = `Ada's Corner ${tag()}`): Promise<ApiShop> {
  const form = new FormData();
  form.set('name', name);
  form.set('address', '3 Broad Street, Lagos Island');
  form.set('category', 'Groceries');
  form.set('description', 'Rice, beans and garri by the bag.');
  form.set('image', new Blob([new Uint8Array(await jpegBuffer({ width: 800, height: 600 }))], { type: 'image/jpeg' }), 'front.jpg');
  const response = await fetch(`${apiUrl}/shops/`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as ApiShop;
}

/** The owner's shops as the provider has them now. */
export async function shopsOf(apiUrl: string, owner: Owner): Promise<ApiShop[]> {
  const response = await fetch(`${apiUrl}/auth/profile`, { headers: { authorization: `Bearer ${owner.token}` } });
  return ((await response.json()) as { shops: ApiShop[] }).shops;
}
