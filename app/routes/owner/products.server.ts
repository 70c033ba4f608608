import { type FormErrors, formErrorsFrom } from '../../lib/form-errors';
import type { ProductChanges, ReadyRow } from '../../lib/forms/product-forms';
import { provider } from '../../lib/provider/client.server';
import type { Product } from '../../lib/provider/contract';
import { isProviderError, type ProviderError } from '../../lib/provider/errors';
import { MSG } from '../../lib/rules/messages';
import { asVisitor, type Visitor } from '../../lib/session.server';

// A proxy's error page is HTML, and a long text is a stack trace: neither is something to show a shop owner.
const SHOWABLE_TEXT = /^[^<]{1,300}$/;
const ROW_FIELDS = ['name', 'price', 'image'];

const only = (message: string): FormErrors => ({ formErrors: [message], fieldErrors: {} });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A Django REST framework message: a string, or a list of them joined by commas (SPEC §8). */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (!Array.isArray(value)) return undefined;
  const texts = value.filter((item): item is string => typeof item === 'string' && item !== '');
  return texts.length ? texts.join(', ') : undefined;
}

/** What follows 'Failed to add products. ' (SPEC §8): a timeout, the network, the provider's own words, or 'Please try again later.'. */
export function failureCause(error: ProviderError): string {
  if (error.failure === 'timeout') return MSG.requestTimedOut;
  if (error.failure === 'network') return MSG.networkError;
  if (error.status === 413) return MSG.uploadTooLarge;
  const said = error.status !== undefined && error.status < 500 ? error.formMessage() : undefined;
  return said && SHOWABLE_TEXT.test(said) ? said : MSG.tryLater;
}

/** The batch as the provider takes it (SPEC §7): `products` as JSON `[{name, price}]`, then one `images` per row in the same order. */
export function batchForm(rows: readonly ReadyRow[]): FormData {
  const form = new FormData();
  form.set('products', JSON.stringify(rows.map(({ name, price }) => ({ name, price }))));
  for (const row of rows) form.append('images', row.image, row.image.name);
  return form;
}

/**
 * The provider's answer to a refused batch, put back on the form. Its `products` list holds one entry per
 * row it was sent (`{"price": [...]}` or `{}`), which blank rows left out of the form's numbering: `rows`
 * carries each sent row's place in the form, so the message lands next to the field it is about.
 */
export function addProductsErrors(error: ProviderError, rows: readonly ReadyRow[]): FormErrors {
  if (error.status !== 400 || !isRecord(error.body)) return only(MSG.addProductsFailed + failureCause(error));
  const body = error.body;
  const fieldErrors: Record<string, string[]> = {};
  const said: string[] = [];
  const entries: unknown[] = Array.isArray(body.products) ? body.products : [body.products];
  entries.forEach((entry, position) => {
    const row = rows[position];
    if (!isRecord(entry)) {
      const text = textOf(entry);
      if (text) said.push(text);
      return;
    }
    for (const [field, value] of Object.entries(entry)) {
      const text = textOf(value);
      if (!text) continue;
      if (row && ROW_FIELDS.includes(field)) fieldErrors[`products[${row.index}].${field}`] = [text];
      else said.push(text);
    }
  });
  for (const key of ['images', 'non_field_errors', 'detail']) {
    const text = textOf(body[key]);
    if (text && text !== MSG.fixErrors) said.push(text);
  }
  if (Object.keys(fieldErrors).length) return { formErrors: [MSG.fixErrors, ...said], fieldErrors };
  return only(MSG.addProductsFailed + (said.join(' ') || MSG.tryLater));
}

/** Only what changed (SPEC §7: "changed fields of name, price, image"). */
export function productChangesForm(changes: ProductChanges): FormData {
  const form = new FormData();
  if (changes.name !== undefined) form.set('name', changes.name);
  if (changes.price !== undefined) form.set('price', String(changes.price));
  if (changes.image) form.set('image', changes.image, changes.image.name);
  return form;
}

/** A refused edit: the provider's field messages next to the fields, anything else above the form. */
export function editProductErrors(error: ProviderError): FormErrors {
  if (error.status === 400) return formErrorsFrom(error, ROW_FIELDS, MSG.tryLater);
  return only(failureCause(error));
}

export type OwnProduct = { product: Product; shopId: string } | { product: null; status: 404 | 503 };

/**
 * The product behind `/shop/{product_id}/edit-products`, when it belongs to one of the visitor's shops.
 * Someone else's product is "not found" to them, like an unknown id: the form is never shown to them.
 * A product without `shop_id` cannot be told apart from someone else's (only our provider's GET
 * /shops/products/{id} exists, and it always says), so it counts as not theirs.
 */
export async function ownProduct(request: Request, visitor: Visitor, productId: string): Promise<OwnProduct> {
  if (!productId.trim()) return { product: null, status: 404 };
  try {
    const [product, profile] = await Promise.all([provider.getProduct(productId), asVisitor(request, visitor, (token) => provider.profile(token))]);
    const shopId = product.shop_id;
    if (!shopId || !profile.shops.some((shop) => shop.id === shopId)) return { product: null, status: 404 };
    return { product, shopId };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return { product: null, status: isProviderError(error, 404) ? 404 : 503 };
  }
}
