import { jpegBuffer } from '#tests/fixtures/images.ts';
import { newPerson, type Person, signUpAtApi } from './accounts';

/** Someone signed up at the API, with the token the provider gave them. */
export type ApiOwner = Person & { id: string; access: string };

export async function ownerAtApi(apiUrl: string, overrides: Partial<Person> = {}): Promise<ApiOwner> {
  const person = newPerson(overrides);
  const answer = await signUpAtApi(apiUrl, person);
  return { ...person, id: answer.user.id, access: answer.token.access };
}

const blobOf = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

/** A shop made straight at the API; `fields` replaces any of the defaults. */
export async function shopOf(apiUrl: string, owner: ApiOwner, fields: Record<string, string> = {}): Promise<{ id: string; name: string }> {
  const form = new FormData();
  const values = { name: 'Mama Put Corner', address: '3 Broad Street, Lagos Island', category: 'Food', description: 'Rice and stew.', ...fields };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  form.set('image', blobOf(await jpegBuffer({ width: 320, height: 240 }), 'image/jpeg'), 'front.jpg');
  const response = await fetch(`${apiUrl}/shops/`, { method: 'POST', headers: { authorization: `Bearer ${owner.access}` }, body: form });
  if (response.status !== 201) throw new Error(`create shop failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; name: string };
}

export async function productsOf(apiUrl: string, owner: ApiOwner, shopId: string, names: string[]): Promise<{ id: string; name: string }[]> {
  const form = new FormData();
  form.set('products', JSON.stringify(names.map((name) => ({ name, price: 1500 }))));
  const photo = await jpegBuffer({ width: 200, height: 200 });
  for (const _ of names) form.append('images', blobOf(photo, 'image/jpeg'), 'item.jpg');
  const response = await fetch(`${apiUrl}/shops/${shopId}/products/batch-create/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`add products failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; name: string }[];
}

/** Sets a product's details beyond name and price (description, condition, negotiable, in_stock) at the API. */
export async function productDetails(apiUrl: string, owner: ApiOwner, productId: string, fields: Record<string, string>): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await fetch(`${apiUrl}/shops/products/${productId}/update/`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.access}` },
    body: form,
  });
  if (response.status !== 200) throw new Error(`update product failed: ${response.status} ${await response.text()}`);
}

/** Signs in through the web tier's own form, as a browser without JavaScript does, and returns the session cookie. */
export async function webSessionCookie(webUrl: string, person: Pick<Person, 'username' | 'password'>): Promise<string> {
  const response = await fetch(`${webUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
    body: new URLSearchParams({ username_or_email: person.username, password: person.password }),
    redirect: 'manual',
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__kasuwa='));
  if (response.status !== 302 || !cookie) throw new Error(`web sign-in failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

/** What the provider holds of a shop, minus its visit count (every view changes it). */
export async function shopAsStored(apiUrl: string, shopId: string): Promise<string> {
  const shop = (await (await fetch(`${apiUrl}/shops/${shopId}`)).json()) as Record<string, unknown>;
  const { visitor_count: _visits, ...rest } = shop;
  return JSON.stringify(rest);
}
