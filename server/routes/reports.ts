import { and, countDistinct, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_DETAILS_MAX, REPORTS_PER_HOUR, SCAM_REPORTS_TO_HIDE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { REPORT_REASONS } from '#rules/moderation.ts';
import { reportSchema } from '#rules/report-schemas.ts';
import { textBodyLimit } from '#server/body-limits.ts';
import type { Tx } from '#server/db/client.ts';
import { mailOutbox, moderationActions, ratingAnswers, ratings, reports, shops, users, verifiedPhones } from '#server/db/schema.ts';
import { detailError } from '#server/errors.ts';
import { isId } from '#server/ids.ts';
import { threadFor, threadMessage } from '#server/messages/threads.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { listedShop, requireShownReview } from '#server/shops/ownership.ts';

const REPORT_BODY_MAX_BYTES = textBodyLimit(REPORT_DETAILS_MAX);
const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());
const HOUR = 3_600_000;

const reportJsonSchema = z.object({
  id: z.string(),
  shop_id: z.string(),
  rating_id: z.string().nullable().describe('The reported review; null when the shop itself is reported'),
  about_answer: z.boolean().describe("ext: the report is of the shop's answer to the review `rating_id` names"),
  message_id: z.number().nullable().describe('The reported message, in one of the shop’s threads'),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  created_at: z.string(),
});

/**
 * Scam reports from enough phone-verified accounts hide the shop at once (docs/product.md §4, Moderation).
 * The reports stay open, so the shop waits in the moderators' queue; their decision closes them.
 */
async function hideIfScamReported(tx: Tx, shopId: string): Promise<boolean> {
  // One report at a time per shop, so two reports sent together cannot both miss each other.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`scam-reports:${shopId}`}, 0))`);
  const [counted] = await tx
    .select({ accounts: countDistinct(reports.reporterId) })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .innerJoin(verifiedPhones, and(eq(verifiedPhones.userId, users.id), eq(verifiedPhones.phone, users.phoneNumber)))
    .where(
      and(
        eq(reports.shopId, shopId),
        eq(reports.reason, 'scam'),
        isNull(reports.ratingId),
        isNull(reports.messageId),
        isNull(reports.closedAt),
        gt(reports.createdAt, sql`now() - make_interval(days => ${SCAM_REPORTS_TO_HIDE.days})`),
      ),
    );
  if ((counted?.accounts ?? 0) < SCAM_REPORTS_TO_HIDE.accounts) return false;
  const hidden = await tx
    .update(shops)
    .set({ hiddenAt: new Date(), hiddenReason: MSG.hiddenByScamReports })
    .where(and(eq(shops.id, shopId), isNull(shops.hiddenAt)))
    .returning({ ownerId: shops.ownerId });
  if (!hidden[0]) return false;
  // No moderator: the log says the rule did it.
  await tx.insert(moderationActions).values({ shopId, moderatorId: null, action: 'hide', note: MSG.hiddenByScamReports });
  // The owner's notice: a reply to it reaches the moderators, which is how a wrongly hidden owner appeals.
  await tx.insert(mailOutbox).values({ kind: 'shop-hidden', recipient: hidden[0].ownerId, shopId });
  return true;
}

export const reportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const limit = app.personLimit('report', REPORTS_PER_HOUR, HOUR);

  /** A shop visitors can see; a hidden one is not there to report. */
  async function saveReport(
    reporterId: string,
    item: { shopId: string; ratingId?: string; aboutAnswer?: boolean; messageId?: number },
    body: z.infer<typeof reportSchema>,
  ) {
    const { saved, hidden } = await app.db.transaction(async (tx) => {
      // The partial unique indexes allow one open report per person per item; a second one inserts nothing.
      const [row] = await tx
        .insert(reports)
        .values({ reporterId, ...item, reason: body.reason, details: body.details })
        .onConflictDoNothing()
        .returning();
      const shopReport = row?.reason === 'scam' && !item.ratingId && !item.messageId;
      return { saved: row, hidden: shopReport && (await hideIfScamReported(tx, item.shopId)) };
    });
    if (!saved) throw detailError(409, MSG.reportAlreadyOpen);
    // Gone from this instance at once, as when a moderator hides it; other instances within HIDDEN_REFRESH_MS.
    if (hidden) {
      await app.hiddenMedia.refresh();
      app.mailQueue.wake();
    }
    return {
      id: saved.id,
      shop_id: saved.shopId,
      rating_id: saved.ratingId,
      about_answer: saved.aboutAnswer,
      message_id: saved.messageId,
      reason: saved.reason,
      details: saved.details,
      created_at: saved.createdAt.toISOString(),
    };
  }

  const responses = { 201: reportJsonSchema, 400: fieldErrors, 401: detail, 404: detail, 409: detail, 429: detail };

  /** Every report: the signed-in person's, a few an hour, with a reason and details, refused unread when larger. */
  const reportOptions = <P extends z.ZodType>(summary: string, params: P) => ({
    onRequest: app.authenticate,
    preHandler: limit,
    bodyLimit: REPORT_BODY_MAX_BYTES,
    schema: { tags: ['moderation'], summary, security: [{ bearer: [] }], params, body: reportSchema, response: responses },
  });

  app.post(
    '/shops/:id/reports',
    reportOptions(
      `Report a shop to the moderators (ext); one open report per person per shop (409), ${REPORTS_PER_HOUR} reports an hour`,
      z.object({ id: z.string() }),
    ),
    async (request, reply) => {
      const user = signedIn(request);
      await listedShop(app.db, request.params.id);
      return reply.code(201).send(await saveReport(user.id, { shopId: request.params.id }, request.body));
    },
  );

  app.post(
    '/shops/:id/ratings/:ratingId/reports',
    reportOptions(
      `Report a review to the moderators (ext); one open report per person per review (409), ${REPORTS_PER_HOUR} reports an hour`,
      z.object({ id: z.string(), ratingId: z.string() }),
    ),
    async (request, reply) => {
      const user = signedIn(request);
      const { id, ratingId } = request.params;
      await listedShop(app.db, id);
      await requireShownReview(app.db, id, ratingId);
      return reply.code(201).send(await saveReport(user.id, { shopId: id, ratingId }, request.body));
    },
  );

  app.post(
    '/shops/:id/ratings/:ratingId/answer/reports',
    reportOptions(
      `Report the shop's answer to a review to the moderators (ext); one open report per person per answer (409), ${REPORTS_PER_HOUR} reports an hour`,
      z.object({ id: z.string(), ratingId: z.string() }),
    ),
    async (request, reply) => {
      const user = signedIn(request);
      const { id, ratingId } = request.params;
      await listedShop(app.db, id);
      const [answer] = isId(ratingId)
        ? await app.db
            .select({ ratingId: ratingAnswers.ratingId })
            .from(ratingAnswers)
            .innerJoin(ratings, eq(ratings.id, ratingAnswers.ratingId))
            .where(and(eq(ratingAnswers.ratingId, ratingId), eq(ratings.shopId, id), isNull(ratingAnswers.hiddenAt), isNull(ratings.hiddenAt)))
            .limit(1)
        : [];
      if (!answer) throw detailError(404, MSG.answerNotFound);
      return reply.code(201).send(await saveReport(user.id, { shopId: id, ratingId, aboutAnswer: true }, request.body));
    },
  );

  app.post(
    '/threads/:id/messages/:message_id/reports',
    {
      onRequest: app.authenticate,
      preHandler: limit,
      bodyLimit: REPORT_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['moderation'],
        summary: `Report a message of the other side of one's thread to the moderators (ext): not one's own (403), nor a removed one (404); one open report per person per message (409), ${REPORTS_PER_HOUR} reports an hour. 404 to anyone but the thread's two sides`,
        security: [{ bearer: [] }],
        params: z.object({ id: z.string(), message_id: z.string() }),
        body: reportSchema,
        response: { ...responses, 403: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { thread, side } = await threadFor(app.db, request.params.id, user.id);
      const message = await threadMessage(app.db, thread.id, request.params.message_id);
      if (message.hiddenAt) throw detailError(404, MSG.messageNotFound);
      const from = message.senderId === thread.buyerId ? 'buyer' : 'shop';
      if (from === side) throw detailError(403, MSG.ownMessageReport);
      // Reports are kept per shop; a shop gone with its owner's account has no one left to act against.
      if (thread.shopId === null) throw detailError(403, MSG.deletedAccountReport);
      return reply.code(201).send(await saveReport(user.id, { shopId: thread.shopId, messageId: message.id }, request.body));
    },
  );
};
