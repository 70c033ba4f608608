import { IMAGE_MAX_BYTES } from '../rules/limits';
import { MSG } from '../rules/messages';
import { shopChangesSchema, shopFieldsSchema } from '../rules/shop-schemas';
import { ONE_PHOTO_FORM_MAX_BYTES, optionalPhoto, requiredPhoto } from './photo-field';

/** Create shop (SPEC §5): every text field and the photo required, values trimmed. */
export const createShopFormSchema = shopFieldsSchema.extend({ image: requiredPhoto(MSG.shopImageMissing) });

/** Edit shop (SPEC §5): nothing required; a blank field or no new photo keeps what is saved. */
export const editShopFormSchema = shopChangesSchema.extend({ image: optionalPhoto() });

/** The form's field names, which are also the provider's (CONTRACT: POST /shops/, PUT /shops/{id}/update/). */
export const SHOP_FORM_FIELDS = Object.keys(createShopFormSchema.shape) as (keyof typeof createShopFormSchema.shape)[];

export const SHOP_FORM_MAX_BYTES = ONE_PHOTO_FORM_MAX_BYTES;

/** What is kept of a shop form: its one photo up to SPEC's limit, and texts far longer than the longest allowed. */
export const SHOP_FORM_FILES = { count: 1, eachMaxBytes: IMAGE_MAX_BYTES, textMaxBytes: 64 * 1024 };
