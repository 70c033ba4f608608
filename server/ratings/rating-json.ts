import { and, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { ratings, users } from '#server/db/schema.ts';

export const ratingJsonSchema = z.object({
  id: z.string(),
  shop_id: z.string(),
  stars: z.number(),
  review: z.string().describe('As typed; empty when the person wrote none'),
  author: z.string().describe('The username of whoever rated'),
  created_at: z.string(),
  updated_at: z.string().describe('When the rating was last saved; reviews are listed newest first by it'),
});

export const myRatingJsonSchema = ratingJsonSchema.extend({
  shop_name: z.string(),
  hidden: z.boolean().describe('A moderator hid the review: only its writer sees it, and it cannot be removed'),
});

export type RatingRow = typeof ratings.$inferSelect & { author: string };

export function ratingJson(rating: RatingRow): z.infer<typeof ratingJsonSchema> {
  return {
    id: rating.id,
    shop_id: rating.shopId,
    stars: rating.stars,
    review: rating.review,
    author: rating.author,
    created_at: rating.createdAt.toISOString(),
    updated_at: rating.updatedAt.toISOString(),
  };
}

/** A rating's columns and its writer's name. */
export const withAuthor = { ...getTableColumns(ratings), author: users.username };

/** A shop's ratings that a moderator has not hidden, last saved first; one more than `limit` tells whether another page exists. */
export function shopRatingRows(db: Db, shopId: string, limit: number, offset = 0): Promise<RatingRow[]> {
  return db
    .select(withAuthor)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(and(eq(ratings.shopId, shopId), isNull(ratings.hiddenAt)))
    .orderBy(desc(ratings.updatedAt), desc(ratings.id))
    .limit(limit)
    .offset(offset);
}
