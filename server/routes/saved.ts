import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SAVED_SHOPS_ACCOUNT_MAX, SAVED_SHOPS_COOKIE_MAX, SAVED_WRITES_PER_HOUR } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { savedShops, shops } from '#server/db/schema.ts';
import { detailError, notFound } from '#server/errors.ts';
import { isId } from '#server/ids.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { listed, selectShops } from '#server/shops/queries.ts';
import { shopAnswerSchema, shopJson } from '#server/shops/shop-json.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());
const shopParams = z.object({ shopId: z.string() });
const HOUR = 3_600_000;
/** Room for a full list of ids; anything far larger is refused before it is parsed. */
const MERGE_BODY_MAX_BYTES = 8 * 1024;
/** A save or removal reads no body: whatever one is sent is refused past this. */
const NO_BODY_MAX_BYTES = 1024;

const shopIds = z.array(z.uuid()).max(SAVED_SHOPS_COOKIE_MAX).describe(`At most ${SAVED_SHOPS_COOKIE_MAX} shop ids (a visitor's saved shops)`);
const idsAnswer = z.object({ shop_ids: z.array(z.string()).describe('Newest saved first') });

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT).catch(PAGE_SIZE_DEFAULT),
});

/** The person's saved shop ids, newest first. */
async function savedIds(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ shopId: savedShops.shopId })
    .from(savedShops)
    .where(eq(savedShops.userId, userId))
    .orderBy(desc(savedShops.createdAt), desc(savedShops.shopId));
  return rows.map((row) => row.shopId);
}

async function savedCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedShops).where(eq(savedShops.userId, userId));
  return row?.n ?? 0;
}

export const savedRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const writeLimit = app.personLimit('saved', SAVED_WRITES_PER_HOUR, HOUR);
  const visitorLinks = () => app.mediaLinks(false);

  app.get(
    '/saved',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['saved'],
        summary: "The signed-in person's saved shops, newest saved first, paged (ext)",
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: {
          200: z.object({ results: z.array(shopAnswerSchema), page: z.number(), page_size: z.number(), next_page: z.number().nullable() }),
          401: detail,
        },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const { page, page_size } = request.query;
      const rows = await selectShops(app.db)
        .innerJoin(savedShops, and(eq(savedShops.shopId, shops.id), eq(savedShops.userId, user.id)))
        .where(listed)
        .orderBy(desc(savedShops.createdAt), desc(savedShops.shopId))
        .limit(page_size + 1)
        .offset((page - 1) * page_size);
      const now = new Date();
      return {
        results: rows.slice(0, page_size).map((shop) => shopJson(shop, visitorLinks(), undefined, now)),
        page,
        page_size,
        next_page: rows.length > page_size ? page + 1 : null,
      };
    },
  );

  app.get(
    '/saved/ids',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['saved'],
        summary: `The ids of every shop the signed-in person saved (ext), at most ${SAVED_SHOPS_ACCOUNT_MAX}: what the hearts show`,
        security: [{ bearer: [] }],
        response: { 200: idsAnswer, 401: detail },
      },
    },
    async (request) => ({ shop_ids: await savedIds(app.db, signedIn(request).id) }),
  );

  app.get(
    '/saved/shops',
    {
      schema: {
        tags: ['saved'],
        summary: "The shops of the given ids, in their order (ext): a visitor's saved shops kept without an account. Unknown ids are left out",
        querystring: z.object({
          ids: z
            .string()
            .max(SAVED_SHOPS_COOKIE_MAX * 37)
            .describe('Comma-separated shop ids'),
        }),
        response: { 200: z.object({ results: z.array(shopAnswerSchema) }), 400: fieldErrors },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(',').filter(isId))].slice(0, SAVED_SHOPS_COOKIE_MAX);
      if (!ids.length) return { results: [] };
      const rows = await selectShops(app.db).where(and(inArray(shops.id, ids), listed));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const now = new Date();
      return { results: ids.flatMap((id) => (byId.has(id) ? [shopJson(byId.get(id)!, visitorLinks(), undefined, now)] : [])) };
    },
  );

  app.put(
    '/saved/:shopId',
    {
      onRequest: app.authenticate,
      preHandler: writeLimit,
      bodyLimit: NO_BODY_MAX_BYTES,
      schema: {
        tags: ['saved'],
        summary: `Save a shop (ext); saving it again changes nothing. At most ${SAVED_SHOPS_ACCOUNT_MAX} a person, ${SAVED_WRITES_PER_HOUR} saves or removals an hour`,
        security: [{ bearer: [] }],
        params: shopParams,
        response: {
          200: z.object({ shop_id: z.string(), saved: z.literal(true) }),
          201: z.object({ shop_id: z.string(), saved: z.literal(true) }),
          401: detail,
          404: detail,
          409: detail,
          429: detail,
        },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { shopId } = request.params;
      if (!isId(shopId)) throw notFound();
      const inserted = await app.db.transaction(async (tx) => {
        const [shop] = await tx
          .select({ id: shops.id })
          .from(shops)
          .where(and(eq(shops.id, shopId), listed))
          .limit(1);
        if (!shop) throw notFound();
        const [already] = await tx
          .select({ shopId: savedShops.shopId })
          .from(savedShops)
          .where(and(eq(savedShops.userId, user.id), eq(savedShops.shopId, shopId)))
          .limit(1);
        if (already) return false;
        if ((await savedCount(tx, user.id)) >= SAVED_SHOPS_ACCOUNT_MAX) throw detailError(409, MSG.savedFullAccount);
        const rows = await tx.insert(savedShops).values({ userId: user.id, shopId }).onConflictDoNothing().returning({ shopId: savedShops.shopId });
        return rows.length > 0;
      });
      return reply.code(inserted ? 201 : 200).send({ shop_id: shopId, saved: true });
    },
  );

  app.delete(
    '/saved/:shopId',
    {
      onRequest: app.authenticate,
      preHandler: writeLimit,
      bodyLimit: NO_BODY_MAX_BYTES,
      schema: {
        tags: ['saved'],
        summary: 'Remove a shop from the signed-in person’s saved shops (ext); removing one that is not saved changes nothing',
        security: [{ bearer: [] }],
        params: shopParams,
        response: { 204: z.null(), 401: detail, 404: detail, 429: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { shopId } = request.params;
      if (!isId(shopId)) throw notFound();
      await app.db.delete(savedShops).where(and(eq(savedShops.userId, user.id), eq(savedShops.shopId, shopId)));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/saved/merge',
    {
      onRequest: app.authenticate,
      preHandler: writeLimit,
      bodyLimit: MERGE_BODY_MAX_BYTES,
      schema: {
        tags: ['saved'],
        summary: `Add a visitor's saved shops to the signed-in person's (ext), at sign-in; unknown or deleted shops and those already saved are skipped, and none beyond ${SAVED_SHOPS_ACCOUNT_MAX}`,
        security: [{ bearer: [] }],
        body: z.object({ shop_ids: shopIds.describe('Newest saved first, as the cookie keeps them') }),
        response: {
          200: idsAnswer.extend({ added: z.number().describe('How many were new to the account') }),
          400: fieldErrors,
          401: detail,
          413: detail,
          429: detail,
        },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const given = [...new Set(request.body.shop_ids.map((id) => id.toLowerCase()))];
      return app.db.transaction(async (tx) => {
        const known = given.length
          ? await tx
              .select({ id: shops.id })
              .from(shops)
              .where(and(inArray(shops.id, given), listed))
          : [];
        const knownIds = new Set(known.map((row) => row.id));
        const mine = new Set(await savedIds(tx, user.id));
        const room = Math.max(0, SAVED_SHOPS_ACCOUNT_MAX - mine.size);
        // The newest of the visitor's first when the account has little room; inserted oldest first, so they keep their order.
        const fresh = given.filter((id) => knownIds.has(id) && !mine.has(id)).slice(0, room);
        const base = app.clock().getTime();
        const rows = fresh.length
          ? await tx
              .insert(savedShops)
              .values(fresh.map((shopId, index) => ({ userId: user.id, shopId, createdAt: new Date(base - index) })))
              .onConflictDoNothing()
              .returning({ shopId: savedShops.shopId })
          : [];
        return { added: rows.length, shop_ids: await savedIds(tx, user.id) };
      });
    },
  );
};
