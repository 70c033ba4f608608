import type { z } from 'zod';
import type { createShopFormSchema, editShopFormSchema } from '#app/lib/forms/shop-forms.ts';
import type { Shop } from '#app/lib/provider/contract.ts';
import { changedShopFields, SHOP_FIELD_NAMES } from '#rules/shop-fields.ts';

type NewShop = z.output<typeof createShopFormSchema>;
type ShopEdits = z.output<typeof editShopFormSchema>;

/** The provider's multipart form: the given fields (tags comma-separated) and the photo, if any. */
export function providerShopForm(values: Partial<NewShop>): FormData {
  const form = new FormData();
  for (const field of SHOP_FIELD_NAMES) {
    const value = values[field];
    if (value !== undefined) form.set(field, Array.isArray(value) ? value.join(',') : value);
  }
  if (values.image) form.set('image', values.image, values.image.name);
  return form;
}

/** What an edit sends: the fields it changes (see changedShopFields) and a new photo, which always is a change. */
export function shopChanges(edits: ShopEdits, saved: Shop): Partial<NewShop> {
  return { ...changedShopFields(saved, edits), ...(edits.image ? { image: edits.image } : {}) };
}
