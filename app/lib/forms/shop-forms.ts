import { z } from 'zod';
import { MSG } from '#rules/messages.ts';
import { type SavedShopFields, SHOP_FIELD_NAMES, type ShopFieldName, shopChangesSchema, shopFieldsSchema } from '#rules/shop-fields.ts';
import { optionalPhoto, requiredPhoto } from './photo-field';

/** Create shop (SPEC §5): every text field and the photo required, values trimmed. */
export const createShopFormSchema = shopFieldsSchema.extend({ image: requiredPhoto(MSG.shopImageMissing) });

/** Edit shop (SPEC §5): nothing required; a blank field or no new photo keeps what is saved. */
export const editShopFormSchema = shopChangesSchema.extend({ image: optionalPhoto() });

/** The form's field names, which are also the provider's (CONTRACT: POST /shops/, PUT /shops/{id}/update/). */
export const SHOP_FORM_FIELDS = Object.keys(createShopFormSchema.shape) as (keyof typeof createShopFormSchema.shape)[];

/** What the shop form's text fields hold. */
export type ShopFormValues = Record<ShopFieldName, string>;

/** A saved shop as the edit form shows it: empty where nothing is set, tags comma-separated. */
export function shopFormValues(saved: SavedShopFields): ShopFormValues {
  const values = (name: ShopFieldName) => {
    const value = saved[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? '');
  };
  return Object.fromEntries(SHOP_FIELD_NAMES.map((name) => [name, values(name)])) as ShopFormValues;
}

/** The confirm button of the delete dialog on /myShop. */
export const deleteShopSchema = z.object({ intent: z.literal('delete'), shopId: z.string().trim().min(1) });
