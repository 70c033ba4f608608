import { and, desc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { REVIEW_LABELS, type ReviewLabel } from '#rules/rating-schemas.ts';
import type { Db } from '#server/db/client.ts';
import { messages, orderRequests, ratingAnswers, ratings, threads, users } from '#server/db/schema.ts';
import type { Value } from '#server/shops/queries.ts';

const answerJsonSchema = z.object({
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string().describe('When its owner last saved it'),
});

export const ratingJsonSchema = z.object({
  id: z.string(),
  shop_id: z.string(),
  stars: z.number(),
  review: z.string().describe('As typed; empty when the person wrote none'),
  author: z.string().describe('The username of whoever rated'),
  created_at: z.string(),
  updated_at: z.string().describe('When the rating was last saved; reviews are listed newest first by it'),
  label: z
    .enum(REVIEW_LABELS)
    .nullable()
    .describe(
      'ext: where the review comes from, as of its last save: `ordered` when its writer had an order request with the shop marked completed by then, else `talked` when the shop had written to them in their thread by then, else null',
    ),
  answer: answerJsonSchema.nullable().describe("ext: the shop's public answer to the review; null when it has none or a moderator hid it"),
});

export const myRatingJsonSchema = ratingJsonSchema.extend({
  shop_name: z.string(),
  hidden: z.boolean().describe('A moderator hid the review: only its writer sees it, and it cannot be removed'),
});

type AnswerColumns = { body: string; created_at: string; updated_at: string };
export type RatingRow = typeof ratings.$inferSelect & { author: string; label: ReviewLabel | null; answer: AnswerColumns | null };

/** The thread between a rating's writer and the rated shop, as a condition on `threads`. */
const writersThread = sql`${threads.shopId} = ${ratings.shopId} and ${threads.buyerId} = ${ratings.userId}`;

/**
 * Where a review comes from (docs/product.md §4, Where a review comes from), as of its last save: what happened after it was
 * written says nothing of it. Read through threads_shop_buyer_key, then the thread's orders or messages.
 * Completed is an order's last status, so its `updated_at` is when it was completed.
 */
const reviewLabel = sql<ReviewLabel | null>`case
  when exists (select 1 from ${threads} inner join ${orderRequests} on ${orderRequests.threadId} = ${threads.id}
    where ${writersThread} and ${orderRequests.status} = 'completed' and ${orderRequests.updatedAt} <= ${ratings.updatedAt}) then 'ordered'
  when exists (select 1 from ${threads} inner join ${messages} on ${messages.threadId} = ${threads.id}
    where ${writersThread} and ${messages.senderId} is distinct from ${threads.buyerId} and ${messages.hiddenAt} is null
      and ${messages.createdAt} <= ${ratings.updatedAt}) then 'talked'
end`;

/** The answer a moderator has not hidden, its dates as ISO text. */
const shownAnswer = sql<AnswerColumns | null>`(select json_build_object(
    'body', ${ratingAnswers.body},
    'created_at', to_char(${ratingAnswers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(${ratingAnswers.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  from ${ratingAnswers} where ${ratingAnswers.ratingId} = ${ratings.id} and ${ratingAnswers.hiddenAt} is null)`;

/** A rating's columns with where it comes from and the shop's answer. */
export const ratingColumns = { ...getTableColumns(ratings), label: reviewLabel, answer: shownAnswer };

/** A rating's columns and its writer's name. */
const withAuthor = { ...ratingColumns, author: users.username };

export function ratingJson(rating: RatingRow): z.infer<typeof ratingJsonSchema> {
  return {
    id: rating.id,
    shop_id: rating.shopId,
    stars: rating.stars,
    review: rating.review,
    author: rating.author,
    created_at: rating.createdAt.toISOString(),
    updated_at: rating.updatedAt.toISOString(),
    label: rating.label,
    answer: rating.answer,
  };
}

/** The one rating `where` names, with its writer's name. */
export async function ratingWhere(db: Db, where: SQL | undefined): Promise<RatingRow | undefined> {
  const [rating] = await db.select(withAuthor).from(ratings).innerJoin(users, eq(users.id, ratings.userId)).where(where).limit(1);
  return rating;
}

/** A shop's ratings that a moderator has not hidden, last saved first; one more than `limit` tells whether another page exists. */
export function shopRatingRows(db: Db, shopId: Value<string>, limit: number, offset = 0) {
  return db
    .select(withAuthor)
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(and(eq(ratings.shopId, shopId), isNull(ratings.hiddenAt)))
    .orderBy(desc(ratings.updatedAt), desc(ratings.id))
    .limit(limit)
    .offset(offset);
}

/** How many of the ratings a shop's totals count carry a label: the shop page says so beside its average. */
export function labelledRatings(db: Db, shopId: Value<string>) {
  return db
    .select({ count: sql<number>`(count(*) filter (where ${reviewLabel} is not null))::int` })
    .from(ratings)
    .where(and(eq(ratings.shopId, shopId), isNull(ratings.hiddenAt)));
}
