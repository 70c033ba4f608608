import type { ProductChanges, ReadyRow } from '#app/lib/forms/product-forms.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import type { Product } from '#app/lib/provider/contract.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, type SignedIn } from '#app/lib/session.server.ts';
import { CONDITION_UNSTATED, PRODUCT_FIELD_NAMES, PRODUCT_FIELDS } from '#rules/product-fields.ts';

/** `products` as JSON `[{name, price}]`, then one `images` per row in the same order (docs/product.md §7). */
export function batchForm(rows: readonly ReadyRow[]): FormData {
  const form = new FormData();
  form.set('products', JSON.stringify(rows.map(({ name, price }) => ({ name, price }))));
  for (const row of rows) form.append('images', row.image, row.image.name);
  return form;
}

/**
 * The name of the photo each row of a posted batch held, or null: when the form comes back, without
 * JavaScript those inputs are empty again, and each such row says which photo to choose again.
 */
export function chosenPhotos(payload: Record<string, unknown>): (string | null)[] {
  const rows = Array.isArray(payload.products) ? (payload.products as unknown[]) : [];
  return rows.map((row) => {
    const image = typeof row === 'object' && row !== null && 'image' in row ? row.image : null;
    return image instanceof File && image.size > 0 ? image.name : null;
  });
}

/** Only what changed (docs/product.md §7). */
export function productChangesForm(changes: ProductChanges): FormData {
  const form = new FormData();
  if (changes.name !== undefined) form.set('name', changes.name);
  if (changes.price !== undefined) form.set('price', String(changes.price));
  if (changes.image) form.set('image', changes.image, changes.image.name);
  for (const key of changes.remove_photo ?? []) form.append('remove_photo', key);
  for (const photo of changes.photos ?? []) form.append('photos', photo, photo.name);
  for (const name of PRODUCT_FIELD_NAMES) {
    const value = changes[name];
    // What is taken away travels as the field's "none": blank text, or the unstated condition.
    if (value !== undefined) form.set(name, value === null ? (PRODUCT_FIELDS[name].kind === 'condition' ? CONDITION_UNSTATED : '') : String(value));
  }
  return form;
}

export type OwnProduct = { product: Product; shopId: string } | { product: null; status: 404 | 503 };

/** Someone else's product is "not found", like an unknown id; one without `shop_id` cannot be told apart from it. */
export async function ownProduct(request: Request, signedIn: SignedIn | null, productId: string): Promise<OwnProduct> {
  if (!productId.trim()) return { product: null, status: 404 };
  try {
    const [product, profile] = await asSignedIn(request, signedIn, (token) => Promise.all([provider.getProduct(productId, token), provider.profile(token)]));
    const shopId = product.shop_id;
    if (!shopId || !profile.shops.some((shop) => shop.id === shopId)) return { product: null, status: 404 };
    return { product, shopId };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return { product: null, status: isProviderError(error, 404) ? 404 : 503 };
  }
}
