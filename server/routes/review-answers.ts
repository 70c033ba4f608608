import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANSWER_WRITES_PER_HOUR, REVIEW_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { reviewAnswerSchema } from '#rules/rating-schemas.ts';
import { textBodyLimit } from '#server/body-limits.ts';
import { ratingAnswers, ratings, reports } from '#server/db/schema.ts';
import { detailError } from '#server/errors.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { ratingJson, ratingJsonSchema, ratingWhere } from '#server/ratings/rating-json.ts';
import { listedShop, requireShownReview } from '#server/shops/ownership.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());
const params = z.object({ id: z.string(), ratingId: z.string() });
const HOUR = 3_600_000;

/** The shop's one public answer to each review (docs/product.md §4, Answers): its owner writes, edits or removes it. */
export const reviewAnswerRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const writeLimit = app.personLimit('review-answer', ANSWER_WRITES_PER_HOUR, HOUR);

  /** A shown review of a listed shop, which only that shop's owner may answer (403 to anyone else). */
  async function ownersReview(shopId: string, ratingId: string, userId: string) {
    const shop = await listedShop(app.db, shopId);
    await requireShownReview(app.db, shopId, ratingId);
    if (shop.ownerId !== userId) throw detailError(403, MSG.answerNotOwner);
  }

  const hiddenAnswer = async (ratingId: string) =>
    (await app.db.select({ hiddenAt: ratingAnswers.hiddenAt }).from(ratingAnswers).where(eq(ratingAnswers.ratingId, ratingId)).limit(1))[0]?.hiddenAt;

  app.put(
    '/shops/:id/ratings/:ratingId/answer',
    {
      onRequest: app.authenticate,
      preHandler: writeLimit,
      bodyLimit: textBodyLimit(REVIEW_MAX),
      schema: {
        tags: ['ratings'],
        summary: `Answer a review of one's own shop publicly, or edit the answer (ext): one answer per review, 403 for anyone but the shop's owner, 409 once a moderator hid it; ${ANSWER_WRITES_PER_HOUR} answers saved or removed an hour`,
        security: [{ bearer: [] }],
        params,
        body: reviewAnswerSchema,
        response: { 200: ratingJsonSchema, 201: ratingJsonSchema, 400: fieldErrors, 401: detail, 403: detail, 404: detail, 409: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const { id, ratingId } = request.params;
      await ownersReview(id, ratingId, signedIn(request).id);
      const body = request.body.answer;
      const [saved] = await app.db
        .insert(ratingAnswers)
        .values({ ratingId, body })
        .onConflictDoUpdate({ target: ratingAnswers.ratingId, set: { body, updatedAt: sql`now()` }, where: isNull(ratingAnswers.hiddenAt) })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      // Nothing saved: a moderator hid the answer, and an edit must not bring it back.
      if (!saved) throw detailError(409, MSG.hiddenAnswerKept);
      const rating = await ratingWhere(app.db, eq(ratings.id, ratingId));
      return reply.code(saved.inserted ? 201 : 200).send(ratingJson(rating!));
    },
  );

  app.delete(
    '/shops/:id/ratings/:ratingId/answer',
    {
      onRequest: app.authenticate,
      preHandler: writeLimit,
      schema: {
        tags: ['ratings'],
        summary: "Remove one's answer to a review of one's own shop (ext); one a moderator hid stays (409); its open reports close with it",
        security: [{ bearer: [] }],
        params,
        response: { 204: z.null(), 401: detail, 403: detail, 404: detail, 409: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const { id, ratingId } = request.params;
      await ownersReview(id, ratingId, signedIn(request).id);
      const gone = await app.db.transaction(async (tx) => {
        const removed = await tx
          .delete(ratingAnswers)
          .where(and(eq(ratingAnswers.ratingId, ratingId), isNull(ratingAnswers.hiddenAt)))
          .returning({ ratingId: ratingAnswers.ratingId });
        // Reports of an answer that is gone would wait for a later answer they were not about.
        if (removed.length) {
          await tx
            .update(reports)
            .set({ closedAt: new Date() })
            .where(and(eq(reports.ratingId, ratingId), eq(reports.aboutAnswer, true), isNull(reports.closedAt)));
        }
        return removed.length > 0;
      });
      if (!gone) throw (await hiddenAnswer(ratingId)) ? detailError(409, MSG.hiddenAnswerKept) : detailError(404, MSG.answerNotFound);
      return reply.code(204).send(null);
    },
  );
};
