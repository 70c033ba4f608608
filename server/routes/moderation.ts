import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MODERATION_NOTE_MAX, REPORTED_MESSAGE_CONTEXT } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { moderationActionSchema, stallVisitSchema } from '#rules/report-schemas.ts';
import { textBodyLimit } from '#server/body-limits.ts';
import { ApiError, detailError, notFound } from '#server/errors.ts';
import { isId, messageIdOf } from '#server/ids.ts';
import { applyAction, type ItemKey, itemDetail, itemDetailSchema, openItemSchema, openItems } from '#server/moderation/items.ts';
import { messageItem, messageItemSchema } from '#server/moderation/message-item.ts';
import { recordStallVisit } from '#server/moderation/stall-visits.ts';
import { signedIn } from '#server/plugins/auth.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());
const OPEN_ITEMS_MAX = 200;

export const moderationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** To anybody else these routes do not exist: docs/decisions/011-moderation-pages-answer-404.md. */
  async function moderatorOnly(request: FastifyRequest) {
    try {
      await app.authenticate(request);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) throw notFound();
      throw error;
    }
    if (!signedIn(request).isModerator) throw notFound();
  }
  const guarded = { onRequest: moderatorOnly };
  const guardedWrite = { ...guarded, bodyLimit: textBodyLimit(MODERATION_NOTE_MAX) };
  const security = [{ bearer: [] }];

  app.get(
    '/moderation/reports',
    {
      ...guarded,
      schema: {
        tags: ['moderation'],
        summary: `Items with open reports, most reported first, at most ${OPEN_ITEMS_MAX} (ext); moderators only, 404 to anyone else, signed in or not`,
        security,
        response: { 200: z.object({ results: z.array(openItemSchema) }), 404: detail },
      },
    },
    async () => ({ results: await openItems(app.db, OPEN_ITEMS_MAX) }),
  );

  const routes: { path: string; params: z.ZodType<Record<string, string>>; key: (params: Record<string, string>) => ItemKey | null; what: string }[] = [
    {
      path: '/moderation/shops/:id',
      params: z.object({ id: z.string() }),
      key: (params) => (isId(params.id) ? { shopId: params.id, ratingId: null, messageId: null } : null),
      what: 'a shop',
    },
    {
      path: '/moderation/shops/:id/reviews/:ratingId',
      params: z.object({ id: z.string(), ratingId: z.string() }),
      key: (params) => (isId(params.id) && isId(params.ratingId) ? { shopId: params.id, ratingId: params.ratingId, messageId: null } : null),
      what: 'a review',
    },
    {
      path: '/moderation/shops/:id/reviews/:ratingId/answer',
      params: z.object({ id: z.string(), ratingId: z.string() }),
      key: (params) => (isId(params.id) && isId(params.ratingId) ? { shopId: params.id, ratingId: params.ratingId, aboutAnswer: true, messageId: null } : null),
      what: "the shop's answer to a review",
    },
  ];

  for (const route of routes) {
    const detailOf = async (params: Record<string, string>) => {
      const key = route.key(params);
      const found = key && (await itemDetail(app.db, key, app.mediaLinks(true)));
      if (!key || !found) throw notFound();
      return { key, found };
    };

    app.get(
      route.path,
      {
        ...guarded,
        schema: {
          tags: ['moderation'],
          summary: `${route.what} as moderators see it: open reports and the audit log (ext); moderators only`,
          security,
          params: route.params,
          response: { 200: itemDetailSchema, 404: detail },
        },
      },
      async (request) => (await detailOf(request.params)).found,
    );

    app.post(
      `${route.path}/actions`,
      {
        ...guardedWrite,
        schema: {
          tags: ['moderation'],
          summary: `Dismiss the open reports on ${route.what}, hide it or restore it, with a note for the audit log (ext); 409 when it changes nothing`,
          security,
          params: route.params,
          body: moderationActionSchema,
          response: { 200: itemDetailSchema, 400: fieldErrors, 404: detail, 409: detail },
        },
      },
      async (request) => {
        const moderator = signedIn(request);
        const { key } = await detailOf(request.params);
        const { action, note } = request.body;
        if (!(await applyAction(app.db, key, moderator.id, action, note))) throw detailError(409, MSG.moderationNothingToDo(action));
        // Hidden or shown again here at once; other instances within HIDDEN_REFRESH_MS.
        if (!key.ratingId) await app.hiddenMedia.refresh();
        return (await itemDetail(app.db, key, app.mediaLinks(true)))!;
      },
    );
  }

  const messageParams = z.object({ message_id: z.string() });
  const messageOf = async (params: z.infer<typeof messageParams>) => {
    const id = messageIdOf(params.message_id);
    const found = id && (await messageItem(app.db, id));
    if (!found) throw notFound();
    return found;
  };

  app.get(
    '/moderation/messages/:message_id',
    {
      ...guarded,
      schema: {
        tags: ['moderation'],
        summary: `A reported message in its thread: the ${REPORTED_MESSAGE_CONTEXT} messages either side with who sent each, its open reports and the audit log (ext); moderators only`,
        security,
        params: messageParams,
        response: { 200: messageItemSchema, 404: detail },
      },
    },
    async (request) => messageOf(request.params),
  );

  app.post(
    '/moderation/messages/:message_id/actions',
    {
      ...guardedWrite,
      schema: {
        tags: ['moderation'],
        summary:
          "Dismiss the open reports on a message, hide it (both sides then read that Kasuwa's moderators removed it) or restore it, with a note for the audit log (ext); 409 when it changes nothing",
        security,
        params: messageParams,
        body: moderationActionSchema,
        response: { 200: messageItemSchema, 400: fieldErrors, 404: detail, 409: detail },
      },
    },
    async (request) => {
      const moderator = signedIn(request);
      const item = await messageOf(request.params);
      const { action, note } = request.body;
      const key = { shopId: item.shop_id, ratingId: null, messageId: item.message_id };
      if (!(await applyAction(app.db, key, moderator.id, action, note))) throw detailError(409, MSG.moderationNothingToDo(action));
      return (await messageItem(app.db, item.message_id))!;
    },
  );

  app.post(
    '/moderation/shops/:id/stall-visits',
    {
      ...guardedWrite,
      schema: {
        tags: ['moderation'],
        summary: 'Record a moderator\'s visit to a shop\'s stall, with an optional note (ext): the shop shows "Stall visited" for a year; moderators only',
        security,
        params: z.object({ id: z.string() }),
        body: stallVisitSchema,
        response: { 201: z.object({ shop_id: z.string(), visited_at: z.string() }), 400: fieldErrors, 404: detail },
      },
    },
    async (request, reply) => {
      const moderator = signedIn(request);
      const visitedAt = isId(request.params.id) ? await recordStallVisit(app.db, request.params.id, moderator.id, request.body.note) : null;
      if (!visitedAt) throw detailError(404, MSG.shopWithIdNotFound(request.params.id));
      return reply.code(201).send({ shop_id: request.params.id, visited_at: visitedAt.toISOString() });
    },
  );
};
