import { z } from 'zod';
import { REVIEW_MAX } from './limits';
import { MSG } from './messages';

/** A rating as the shop page's form and the API take it: 1 to 5 stars, and a review that may be left out. */
export const ratingSchema = z.object({
  stars: z.coerce
    .number({ error: MSG.ratingStarsRequired })
    .int({ error: MSG.ratingStarsRequired })
    .min(1, { error: MSG.ratingStarsRequired })
    .max(5, { error: MSG.ratingStarsRequired }),
  review: z
    .string({ error: MSG.notAString })
    .trim()
    .max(REVIEW_MAX, { error: MSG.tooLong(REVIEW_MAX) })
    .optional()
    .transform((value) => value ?? ''),
});

export type RatingFields = z.infer<typeof ratingSchema>;
