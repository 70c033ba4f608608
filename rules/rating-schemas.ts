import { z } from 'zod';
import { REVIEW_MAX } from './limits';
import { MSG } from './messages';
import { requiredText, typedText } from './text';

const starsError = { error: MSG.ratingStarsRequired };

/** A rating as the shop page's form and the API take it: 1 to 5 stars, and a review that may be left out. */
export const ratingSchema = z.object({
  // A whole number in JSON, or the digit a star's radio button sends; nothing that merely converts to one (true, "4e0").
  stars: z.union(
    [
      z.int(starsError).min(1, starsError).max(5, starsError),
      z
        .string(starsError)
        .regex(/^[1-5]$/, starsError)
        .transform(Number),
    ],
    starsError,
  ),
  review: typedText()
    .max(REVIEW_MAX, { error: MSG.tooLong(REVIEW_MAX) })
    .optional()
    .transform((value) => value ?? ''),
});

/** The shop's public answer to one review, as its owner's form and the API take it; as long as a review at most. */
export const reviewAnswerSchema = z.object({
  answer: requiredText(MSG.answerRequired, REVIEW_MAX),
});

/** Where a review comes from (docs/product.md §4, Where a review comes from): its writer ordered through Kasuwa, or talked with the shop. */
export const REVIEW_LABELS = ['ordered', 'talked'] as const;
export type ReviewLabel = (typeof REVIEW_LABELS)[number];
