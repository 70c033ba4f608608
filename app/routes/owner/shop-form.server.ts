import { data } from 'react-router';
import type { z } from 'zod';
import type { createShopFormSchema, editShopFormSchema } from '#app/lib/forms/shop-form.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import type { OwnShop, Shop } from '#app/lib/provider/contract.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asVisitor, type Visitor } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';

type NewShop = z.output<typeof createShopFormSchema>;
type ShopEdits = z.output<typeof editShopFormSchema>;

const TEXT_FIELDS = ['name', 'address', 'category', 'description', 'state', 'area'] as const;

/** The provider's multipart form: the given texts (tags comma-separated) and the photo, if any. */
export function providerShopForm(values: Partial<NewShop>): FormData {
  const form = new FormData();
  for (const field of TEXT_FIELDS) {
    const value = values[field];
    if (value !== undefined) form.set(field, value);
  }
  if (values.tags !== undefined) form.set('tags', values.tags.join(','));
  if (values.image) form.set('image', values.image, values.image.name);
  return form;
}

/**
 * What an edit changes: a field left blank keeps the saved value, a field equal to it is no change, and
 * a new photo always is one. Empty when there is nothing to send (SPEC §5 'No changes detected').
 */
export function shopChanges(edits: ShopEdits, saved: Shop): Partial<NewShop> {
  const changes: Partial<NewShop> = {};
  for (const field of TEXT_FIELDS) {
    const value = edits[field];
    if (value !== undefined && value !== saved[field]) changes[field] = value;
  }
  if (edits.tags !== undefined && edits.tags.join(',') !== saved.tags.join(',')) changes.tags = edits.tags;
  if (edits.image) changes.image = edits.image;
  return changes;
}

/** The visitor's shops, from their profile (which counts no visit, unlike GET /shops/{id}). */
export async function ownShops(request: Request, visitor: Visitor): Promise<OwnShop[]> {
  try {
    return (await asVisitor(request, visitor, (token) => provider.profile(token))).shops;
  } catch (error) {
    if (!isProviderError(error)) throw error;
    throw data(MSG.shopLoadFailed, { status: 503 });
  }
}

/** One of the visitor's shops. Someone else's shop is "not found" to them: its forms are never shown. */
export async function ownShop(request: Request, visitor: Visitor, shopId: string): Promise<OwnShop> {
  const shop = (await ownShops(request, visitor)).find((candidate) => candidate.id === shopId);
  if (!shop) throw data(MSG.shopWithIdNotFound(shopId), { status: 404 });
  return shop;
}
