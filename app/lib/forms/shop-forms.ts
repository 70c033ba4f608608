import { z } from 'zod';
import { MSG } from '#rules/messages.ts';
import { type SavedShopFields, SHOP_FIELD_NAMES, type ShopFieldName, shopChangesSchema, shopFieldsSchema } from '#rules/shop-fields.ts';
import { isNigerianState } from '#rules/states.ts';
import { optionalPhoto, requiredPhoto } from './photo-field';

/** Our form asks every new shop for its state (docs/product.md §5); the API still takes shops from clients that never send one. */
export const createShopFormSchema = shopFieldsSchema.extend({
  state: z
    .string({ error: MSG.stateRequired })
    .min(1, { error: MSG.stateRequired })
    .refine((value): boolean => isNigerianState(value), { error: MSG.unknownState }),
  image: requiredPhoto(MSG.shopImageMissing),
});

export const editShopFormSchema = shopChangesSchema.extend({ image: optionalPhoto() });

/** Also the provider's field names (docs/api.md §3). */
export const SHOP_FORM_FIELDS = Object.keys(createShopFormSchema.shape) as (keyof typeof createShopFormSchema.shape)[];

export type ShopFormValues = Record<ShopFieldName, string>;

export function shopFormValues(saved: SavedShopFields): ShopFormValues {
  const values = (name: ShopFieldName) => {
    const value = saved[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? '');
  };
  return Object.fromEntries(SHOP_FIELD_NAMES.map((name) => [name, values(name)])) as ShopFormValues;
}

export const deleteShopSchema = z.object({ intent: z.literal('delete'), shopId: z.string().trim().min(1) });

/** The switch on My Shops: `sms` is what the owner asks for, on or off. */
export const smsAlertsSchema = z.object({ intent: z.literal('sms-alerts'), shopId: z.string().trim().min(1), sms: z.enum(['on', 'off']) });
