import { bulkShop, seededRandom } from './bulk-shops';
import { phonePhoto } from './phone-photos';

/**
 * The realistic data set: shops as their owners make them, each with a phone photo of its
 * own and 6 products with photos, uploaded through the API's own forms. The same seed makes the same shops
 * and the same photos.
 */
export const PHONE_SHOPS = { shops: 42, productsPerShop: 6, owners: 7, seed: 15 };
/** Distinct photos: one per shop, and the products draw from the same set, as most of a shop's photos differ. */
const PHOTO_POOL = 48;
/** Uploads in flight at once: the API encodes two photos at a time and queues the rest. */
const SHOPS_AT_ONCE = 3;

export type PhoneShopsSummary = { shops: number; products: number; photoKb: { min: number; median: number; max: number }; seconds: number };

async function expect201(response: Response, what: string) {
  if (response.status !== 201) throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.json() as Promise<unknown>;
}

const jpegFile = (data: Buffer, name: string) => new File([new Uint8Array(data)], name, { type: 'image/jpeg' });

/** The first of the owners, to open an owner's pages with. */
export const FIRST_PHONE_OWNER = { username: 'phone-owner-1', password: 'bench-secret-1' };

async function signUp(apiUrl: string, n: number): Promise<string> {
  const username = `phone-owner-${n + 1}`;
  const response = await fetch(`${apiUrl}/auth/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${username}@example.ng`,
      username,
      phone_number: `0803${String(1000000 + n).padStart(7, '0')}`,
      password: FIRST_PHONE_OWNER.password,
    }),
  });
  return ((await expect201(response, 'sign-up')) as { token: { access: string } }).token.access;
}

/** Photos made a few at a time; sharp works on the thread pool, so this uses every core. */
async function makePhotos(seed: number, count: number): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) photos[index] = await phonePhoto(seed * 1000 + index);
  };
  await Promise.all([worker(), worker()]);
  return photos;
}

/** Creates the data set on a running API: owners sign up, create their shops with photos, then add products in one batch each. */
export async function uploadPhoneShops(apiUrl: string, onProgress?: (done: number, total: number) => void): Promise<PhoneShopsSummary> {
  const started = performance.now();
  const { shops, productsPerShop, owners, seed } = PHONE_SHOPS;
  const photos = await makePhotos(seed, PHOTO_POOL);
  const tokens: string[] = [];
  for (let n = 0; n < owners; n += 1) tokens.push(await signUp(apiUrl, n));
  const random = seededRandom(seed);
  const extras = seededRandom(seed + 1);
  const plans = Array.from({ length: shops }, (_, index) => ({ index, shop: bulkShop(random, extras, productsPerShop) }));

  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let i = next++; i < plans.length; i = next++) {
      const { index, shop } = plans[i]!;
      const authorization = `Bearer ${tokens[index % owners]}`;
      const form = new FormData();
      form.set('name', shop.name);
      form.set('address', shop.address);
      form.set('category', shop.category);
      form.set('description', shop.description);
      form.set('tags', shop.tags.join(','));
      if (shop.state) form.set('state', shop.state);
      if (shop.area) form.set('area', shop.area);
      form.set('image', jpegFile(photos[index % PHOTO_POOL]!, `IMG_${20260000 + index}.jpg`));
      const created = (await expect201(await fetch(`${apiUrl}/shops/`, { method: 'POST', headers: { authorization }, body: form }), 'create shop')) as {
        id: string;
      };
      const batch = new FormData();
      batch.set('products', JSON.stringify(shop.products));
      for (let k = 0; k < shop.products.length; k += 1) {
        batch.append('images', jpegFile(photos[(index * productsPerShop + k + 1) % PHOTO_POOL]!, `IMG_${20270000 + index * 10 + k}.jpg`));
      }
      await expect201(
        await fetch(`${apiUrl}/shops/${created.id}/products/batch-create/`, { method: 'POST', headers: { authorization }, body: batch }),
        'add products',
      );
      onProgress?.(++done, plans.length);
    }
  };
  await Promise.all(Array.from({ length: SHOPS_AT_ONCE }, worker));

  const kb = photos.map((photo) => Math.round(photo.length / 1024)).sort((a, b) => a - b);
  return {
    shops,
    products: shops * productsPerShop,
    photoKb: { min: kb[0]!, median: kb[Math.floor(kb.length / 2)]!, max: kb.at(-1)! },
    seconds: Math.round((performance.now() - started) / 1000),
  };
}
