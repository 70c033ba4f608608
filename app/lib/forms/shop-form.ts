import { z } from 'zod';
import { MSG } from '#rules/messages.ts';
import { shopChangesSchema, shopFieldsSchema } from '#rules/shop-schemas.ts';
import { optionalPhoto, requiredPhoto } from './photo-field';

/** Create shop (SPEC §5): every text field and the photo required, values trimmed. */
export const createShopFormSchema = shopFieldsSchema.extend({ image: requiredPhoto(MSG.shopImageMissing) });

/** Edit shop (SPEC §5): nothing required; a blank field or no new photo keeps what is saved. */
export const editShopFormSchema = shopChangesSchema.extend({ image: optionalPhoto() });

/** The form's field names, which are also the provider's (CONTRACT: POST /shops/, PUT /shops/{id}/update/). */
export const SHOP_FORM_FIELDS = Object.keys(createShopFormSchema.shape) as (keyof typeof createShopFormSchema.shape)[];

/** The confirm button of the delete dialog on /myShop. */
export const deleteShopSchema = z.object({ intent: z.literal('delete'), shopId: z.string().trim().min(1) });
