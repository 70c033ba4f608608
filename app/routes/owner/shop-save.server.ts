import type { z } from 'zod';
import type { editShopFormSchema } from '#app/lib/forms/shop-forms.ts';
import type { Shop } from '#app/lib/provider/contract.ts';
import { CLEARABLE_SHOP_FIELDS, changedShopFields, SHOP_FIELD_NAMES, SHOP_FIELDS } from '#rules/shop-fields.ts';

/** A new shop's values fit this too: every field given. */
type ShopEdits = z.output<typeof editShopFormSchema>;

/** The provider's multipart form: the given fields (tags comma-separated) and the photo, if any. */
export function providerShopForm(values: Partial<ShopEdits>): FormData {
  const form = new FormData();
  for (const field of SHOP_FIELD_NAMES) {
    const value = values[field];
    // An emptied optional field travels blank, which the provider reads as "take it away".
    if (value !== undefined) form.set(field, Array.isArray(value) ? value.join(',') : (value ?? ''));
  }
  if (values.image) form.set('image', values.image, values.image.name);
  return form;
}

/**
 * What an edit sends: the fields it changes (see changedShopFields) and a new photo, which always is a change.
 * Conform reads a blank field as absent, so `form` tells an optional field the owner emptied.
 */
export function shopChanges(edits: ShopEdits, saved: Shop, form: FormData): Partial<ShopEdits> {
  const emptied = CLEARABLE_SHOP_FIELDS.filter((name) => form.get(name)?.toString().trim() === '');
  const cleared = Object.fromEntries(emptied.map((name) => [name, SHOP_FIELDS[name].kind === 'tags' ? [] : null]));
  return { ...changedShopFields(saved, { ...edits, ...cleared }), ...(edits.image ? { image: edits.image } : {}) };
}
