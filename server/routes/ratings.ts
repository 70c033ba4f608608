import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE_MAX, RATING_WRITES_PER_HOUR, REVIEW_MAX, REVIEWS_PAGE_SIZE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { ratingSchema } from '#rules/rating-schemas.ts';
import { textBodyLimit } from '#server/body-limits.ts';
import { ratings, shops } from '#server/db/schema.ts';
import { detailError } from '#server/errors.ts';
import { isId } from '#server/ids.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { myRatingJsonSchema, ratingColumns, ratingJson, ratingJsonSchema, ratingWhere, shopRatingRows } from '#server/ratings/rating-json.ts';
import { listedShop } from '#server/shops/ownership.ts';
import { listed } from '#server/shops/queries.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());
const shopParams = z.object({ id: z.string() });
const HOUR = 3_600_000;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(REVIEWS_PAGE_SIZE).catch(REVIEWS_PAGE_SIZE),
});
const paging = { page: z.number(), page_size: z.number(), next_page: z.number().nullable() };

/** One row past the page tells whether another page exists. */
function paged<T>(rows: T[], page: number, pageSize: number) {
  return { results: rows.slice(0, pageSize), page, page_size: pageSize, next_page: rows.length > pageSize ? page + 1 : null };
}

export const ratingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const writeLimit = app.personLimit('rating', RATING_WRITES_PER_HOUR, HOUR);

  const shopOf = (id: string) => listedShop(app.db, id);

  app.get(
    '/shops/:id/ratings',
    {
      schema: {
        tags: ['ratings'],
        summary: "A shop's ratings, newest first, paged (ext); the totals are on the shop",
        params: shopParams,
        querystring: pageQuery,
        response: { 200: z.object({ results: z.array(ratingJsonSchema), shop_name: z.string(), ...paging }), 404: detail },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const shop = await shopOf(request.params.id);
      const rows = await shopRatingRows(app.db, request.params.id, page_size + 1, (page - 1) * page_size);
      const answer = paged(rows, page, page_size);
      return { ...answer, results: answer.results.map(ratingJson), shop_name: shop.name };
    },
  );

  app.get(
    '/shops/:id/ratings/:ratingId',
    {
      schema: {
        tags: ['ratings'],
        summary: 'One review a moderator has not hidden, with its shop’s name (ext): the page that reports it shows it',
        params: shopParams.extend({ ratingId: z.string() }),
        response: { 200: ratingJsonSchema.extend({ shop_name: z.string() }), 404: detail },
      },
    },
    async (request) => {
      const { id, ratingId } = request.params;
      const shop = await shopOf(id);
      if (!isId(ratingId)) throw detailError(404, MSG.reviewNotFound);
      const rating = await ratingWhere(app.db, and(eq(ratings.id, ratingId), eq(ratings.shopId, id), isNull(ratings.hiddenAt)));
      if (!rating) throw detailError(404, MSG.reviewNotFound);
      return { ...ratingJson(rating), shop_name: shop.name };
    },
  );

  app.get(
    '/shops/:id/rating',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['ratings'],
        summary: "The signed-in person's rating of a shop (ext); 404 when they have not rated it, 403 for the shop's owner, who cannot",
        security: [{ bearer: [] }],
        params: shopParams,
        response: { 200: ratingJsonSchema, 401: detail, 403: detail, 404: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      if ((await shopOf(request.params.id)).ownerId === user.id) throw detailError(403, MSG.ownShopRating);
      const rating = await ratingWhere(app.db, and(eq(ratings.shopId, request.params.id), eq(ratings.userId, user.id)));
      if (!rating) throw detailError(404, MSG.ratingNotFound);
      return ratingJson(rating);
    },
  );

  app.put(
    '/shops/:id/rating',
    {
      onRequest: app.authenticate,
      preHandler: writeLimit,
      bodyLimit: textBodyLimit(REVIEW_MAX),
      schema: {
        tags: ['ratings'],
        summary: `Rate a shop 1–5 stars with an optional review (ext); rating again replaces it. Not one's own shop; ${RATING_WRITES_PER_HOUR} ratings saved or removed an hour`,
        security: [{ bearer: [] }],
        params: shopParams,
        body: ratingSchema,
        response: { 200: ratingJsonSchema, 201: ratingJsonSchema, 400: fieldErrors, 401: detail, 403: detail, 404: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const shopId = request.params.id;
      if ((await shopOf(shopId)).ownerId === user.id) throw detailError(403, MSG.ownShopRating);
      const { stars, review } = request.body;
      const [saved] = await app.db
        .insert(ratings)
        .values({ shopId, userId: user.id, stars, review })
        .onConflictDoUpdate({ target: [ratings.shopId, ratings.userId], set: { stars, review, updatedAt: sql`now()` } })
        // xmax is 0 only on a row this statement inserted: the answer tells a new rating from an edit.
        .returning({ id: ratings.id, inserted: sql<boolean>`(xmax = 0)` });
      // Read again for its label, which this save may have just earned.
      const rating = await ratingWhere(app.db, eq(ratings.id, saved!.id));
      return reply.code(saved!.inserted ? 201 : 200).send(ratingJson(rating!));
    },
  );

  app.delete(
    '/shops/:id/rating',
    {
      onRequest: app.authenticate,
      preHandler: writeLimit,
      schema: {
        tags: ['ratings'],
        summary: "Remove the signed-in person's rating of a shop (ext); one a moderator hid stays (409), so it cannot come back unhidden",
        security: [{ bearer: [] }],
        params: shopParams,
        response: { 204: z.null(), 401: detail, 404: detail, 409: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      await shopOf(request.params.id);
      const mine = and(eq(ratings.shopId, request.params.id), eq(ratings.userId, user.id));
      const gone = await app.db
        .delete(ratings)
        .where(and(mine, isNull(ratings.hiddenAt)))
        .returning({ id: ratings.id });
      if (!gone.length) {
        throw (await ratingWhere(app.db, mine)) ? detailError(409, MSG.hiddenRatingKept) : detailError(404, MSG.ratingNotFound);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/ratings/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['ratings'],
        summary: 'The shops the signed-in person rated, last saved first, paged (ext)',
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: { 200: z.object({ results: z.array(myRatingJsonSchema), ...paging }), 401: detail },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const { page, page_size } = request.query;
      const rows = await app.db
        .select({ ...ratingColumns, shopName: shops.name })
        .from(ratings)
        .innerJoin(shops, eq(shops.id, ratings.shopId))
        // A shop a moderator hid is gone for its raters too.
        .where(and(eq(ratings.userId, user.id), listed))
        .orderBy(desc(ratings.updatedAt), desc(ratings.id))
        .limit(page_size + 1)
        .offset((page - 1) * page_size);
      const answer = paged(rows, page, page_size);
      return {
        ...answer,
        results: answer.results.map(({ shopName, ...rating }) => ({
          ...ratingJson({ ...rating, author: user.username }),
          shop_name: shopName,
          hidden: rating.hiddenAt !== null,
        })),
      };
    },
  );
};
