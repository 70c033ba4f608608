import type { Photo } from './photos';

/** Calls an owner makes straight to the API, for runs that kill it mid-request. */

export async function signUpOwner(apiUrl: string, username: string): Promise<string> {
  const response = await fetch(`${apiUrl}/auth/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${username}@example.ng`, username, phone_number: '08031234567', password: 'soak-secret-1' }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: { access: string } }).token.access;
}

const blob = (photo: Photo) => new Blob([new Uint8Array(photo.data)], { type: 'image/jpeg' });

/** The status the API answered, or null when the connection ended first. */
async function post(url: string, token: string, form: FormData): Promise<{ status: number | null; body: string }> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(120_000) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: null, body: String((error as Error).cause ?? error) };
  }
}

export function createShop(apiUrl: string, token: string, name: string, photo: Photo) {
  const form = new FormData();
  form.set('name', name);
  form.set('address', '4 Broad Street, Lagos Island');
  form.set('category', 'Groceries');
  form.set('description', 'Rice, beans and garri by the bag.');
  form.set('image', blob(photo), photo.name);
  return post(`${apiUrl}/shops/`, token, form);
}

export function addProducts(apiUrl: string, token: string, shopId: string, names: string[], photos: Photo[]) {
  const form = new FormData();
  form.set('products', JSON.stringify(names.map((name, index) => ({ name, price: 500 + index }))));
  names.forEach((_, index) => {
    const photo = photos[index % photos.length]!;
    form.append('images', blob(photo), photo.name);
  });
  return post(`${apiUrl}/shops/${shopId}/products/batch-create/`, token, form);
}
