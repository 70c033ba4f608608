import { z } from 'zod';
import { ratingSchema } from '#rules/rating-schemas.ts';

/** Rate a shop (issue 19): the overlay's form and the rate page's, the same fields the provider takes. */
export const rateShopFormSchema = ratingSchema;
export const RATING_FORM_FIELDS = Object.keys(rateShopFormSchema.shape) as (keyof typeof rateShopFormSchema.shape)[];

/** "My ratings": removing one names its shop. */
export const removeRatingFormSchema = z.object({ intent: z.literal('remove'), shopId: z.string().trim().min(1).max(64) });
