import { z } from 'zod';
import { ratingSchema, reviewAnswerSchema } from '#rules/rating-schemas.ts';

export const rateShopFormSchema = ratingSchema;
export const RATING_FORM_FIELDS = Object.keys(rateShopFormSchema.shape) as (keyof typeof rateShopFormSchema.shape)[];

export const removeRatingFormSchema = z.object({ intent: z.literal('remove'), shopId: z.string().trim().min(1).max(64) });

export const answerReviewFormSchema = reviewAnswerSchema;
export const ANSWER_FORM_FIELDS = ['answer'] as const;
