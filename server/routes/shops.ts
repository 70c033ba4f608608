import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PRODUCTS_IN_SEARCH,
  REVIEWS_ON_SHOP_PAGE,
  SEARCH_SUGGESTIONS,
  SHORT_LINK_LOOKUPS_PER_MINUTE,
  VIEWS_PER_REPORT_MAX,
  VISITOR_ADDRESS_MAX,
  VISITOR_AGENT_MAX,
} from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { changedShopFields, requiredMessage, SHOP_FIELD_NAMES, SHOP_FIELDS, shopChangesSchema, shopFieldsSchema, stateField } from '#rules/shop-fields.ts';
import { shortCodeOf } from '#rules/short-code.ts';
import { stallVisitShown } from '#rules/stall-visit.ts';
import { products, shops, threads } from '#server/db/schema.ts';
import { badRequest, detailError, forbidden, formError, notFound } from '#server/errors.ts';
import { isId } from '#server/ids.ts';
import { productImages } from '#server/media/images.ts';
import { removeAfterCommit, type StoredOrRejected, UploadBatch } from '#server/media/upload-batch.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { stopIfClientGone } from '#server/plugins/client-gone.ts';
import { imageFile, multipartForm, readMultipart } from '#server/plugins/multipart.ts';
import { searchProducts } from '#server/products/search.ts';
import { ratingJson, ratingJsonSchema } from '#server/ratings/rating-json.ts';
import { ownedShop, shownTo } from '#server/shops/ownership.ts';
import { findShop, listed, productsByShop } from '#server/shops/queries.ts';
import { forYouPage, respell, type SearchFilter, searchFilter, sponsoredPage, suggestShops } from '#server/shops/search.ts';
import { productJson, productJsonSchema, shopAnswerSchema, shopJson } from '#server/shops/shop-json.ts';
import { shopOfPage, shopPageParts } from '#server/shops/shop-page.ts';
import { isTrustedHop, VISITS_PER_ADDRESS, VisitCounter } from '#server/shops/visits.ts';
import { fieldIssues } from '#server/validation.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());
const idParams = z.object({ id: z.string() });

const verifiedQuery = z
  .enum(['0', '1'])
  .optional()
  .catch(undefined)
  .describe('ext: `1` lists only the shops, or products of shops, that passed a check: today Phone verified (docs/product.md §4)');

/** Paging values people edit by hand in a URL fall back to the defaults rather than failing. */
const listQuery = z.object({
  q: z.string().max(200).optional().catch(undefined),
  category: z.string().max(100).optional().catch(undefined),
  // A filter that names no state would silently show every shop: refused instead.
  state: stateField.describe('Only shops in this state (ext): one of the 36 states or "Abuja (FCT)"'),
  verified: z.enum(['0', '1']).optional().catch(undefined).describe('ext: `1` lists only shops that passed a check, today Phone verified (docs/product.md §4)'),
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT).catch(PAGE_SIZE_DEFAULT),
  sort: z
    .enum(['newest', 'rating'])
    .default('newest')
    .catch('newest')
    .describe('ext: `rating` orders for_you by average stars, then by how many rated, then newest'),
});

/** No page shows a larger count, and counting every match of a common word reads the table. */
const COUNT_CAP = 100;

const MINUTE = 60_000;

const listAnswer = z.object({
  sponsored_shops: z.array(shopAnswerSchema),
  for_you: z.array(shopAnswerSchema),
  count: z.number().describe(`Matching for_you shops, exact up to ${COUNT_CAP}`),
  count_capped: z.boolean().describe(`True when more than ${COUNT_CAP} shops match; count then reads ${COUNT_CAP}`),
  page: z.number(),
  page_size: z.number(),
  next_page: z.number().nullable(),
});

const newShopForm = shopFieldsSchema.extend({
  image: imageFile(),
  tags: z.string().optional().describe('Comma-separated, e.g. "rice, stew"'),
});
const shopChangesForm = shopChangesSchema.extend({
  image: imageFile().optional(),
  tags: z.string().optional().describe('Comma-separated; replaces all the tags'),
});

const required = SHOP_FIELD_NAMES.filter((name) => requiredMessage(SHOP_FIELDS[name]));
const optional = SHOP_FIELD_NAMES.filter((name) => !required.includes(name));
const newShopSummary = `Create a shop (multipart: ${[...required, 'image'].join(', ')}; optional ${new Intl.ListFormat('en-GB').format(optional)})`;

const reportedView = z.object({
  shop: z.string().max(64),
  address: z.string().max(VISITOR_ADDRESS_MAX).describe('The visitor’s address, as the web tier would send it in X-Forwarded-For'),
  agent: z.string().max(VISITOR_AGENT_MAX).describe('The visitor’s User-Agent'),
});

export const shopRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const visitorLinks = () => app.mediaLinks(false);
  const visits = new VisitCounter(app.db, app.config.jwtSecret, app.clock);

  async function readShopForm(request: Parameters<typeof readMultipart>[0], uploads: UploadBatch) {
    let image: StoredOrRejected | undefined;
    const { fields } = await readMultipart(request, async (file) => {
      if (file.field !== 'image' || image) return null;
      stopIfClientGone(request);
      image = await uploads.store(file);
      return image;
    });
    return { fields, image };
  }

  app.get(
    '/shops',
    {
      schema: {
        tags: ['shops'],
        summary: 'Shops for the home page and search: sponsored first, then the rest, paged',
        description: 'Sponsored shops (an ad active now) come on page 1 only; paging applies to for_you.',
        querystring: listQuery,
        response: { 200: listAnswer },
      },
    },
    async (request) => {
      const { q, category, state, verified, page, page_size, sort } = request.query;
      const asked = { q, category, state, verified: verified === '1' };
      const now = new Date();
      const find = (filter: SearchFilter | undefined) =>
        Promise.all([
          page === 1 ? sponsoredPage(app.db, filter, now, PAGE_SIZE_MAX) : Promise.resolve([]),
          forYouPage(app.db, filter, { now, limit: page_size, offset: (page - 1) * page_size, cap: COUNT_CAP, order: sort }),
        ]);
      let [sponsored, forYou] = await find(searchFilter(asked));
      // Only a query that finds nothing is read again allowing typos: a typo's neighbours would crowd out exact matches.
      if (!sponsored.length && !forYou.matches) {
        const spellings = await respell(app.db, q);
        if (spellings) [sponsored, forYou] = await find(searchFilter(asked, spellings));
      }
      return {
        sponsored_shops: sponsored.map((shop) => shopJson(shop, visitorLinks(), undefined, now)),
        for_you: forYou.shops.slice(0, page_size).map((shop) => shopJson(shop, visitorLinks(), undefined, now)),
        count: Math.min(forYou.matches, COUNT_CAP),
        count_capped: forYou.matches > COUNT_CAP,
        page,
        page_size,
        next_page: forYou.shops.length > page_size ? page + 1 : null,
      };
    },
  );

  app.get(
    '/shops/suggest',
    {
      schema: {
        tags: ['shops'],
        summary: 'Live search suggestions (ext), at most 5',
        querystring: z.object({ q: z.string().max(200).optional().catch(undefined) }),
        response: { 200: z.object({ results: z.array(z.object({ id: z.string(), name: z.string(), category: z.string() })) }) },
      },
    },
    async (request) => ({ results: await suggestShops(app.db, request.query.q ?? '', SEARCH_SUGGESTIONS) }),
  );

  app.get(
    '/products/search',
    {
      schema: {
        tags: ['shops'],
        summary: 'Products whose names match a query (ext), newest first, never from a hidden shop',
        description: 'Words match as in shop search (docs/product.md §5): where a word begins, a state name means that state, typos only when nothing matches.',
        querystring: z.object({
          q: z.string().max(200).optional().catch(undefined),
          limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PRODUCTS_IN_SEARCH).catch(PRODUCTS_IN_SEARCH),
          verified: verifiedQuery,
        }),
        response: { 200: z.object({ results: z.array(productJsonSchema.extend({ shop_name: z.string() })) }) },
      },
    },
    async (request) => {
      const found = await searchProducts(app.db, request.query.q ?? '', request.query.limit, request.query.verified === '1');
      return { results: found.map((product) => ({ ...productJson(product, visitorLinks()), shop_name: product.shopName })) };
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['shops'],
        summary: 'Categories with their shop counts (ext), most shops first',
        response: { 200: z.object({ categories: z.array(z.object({ name: z.string(), count: z.number() })) }) },
      },
    },
    async () => {
      const categories = await app.db
        .select({ name: sql<string>`min(${shops.category})`, count: sql<number>`count(*)::int` })
        .from(shops)
        .where(listed)
        .groupBy(sql`lower(${shops.category})`)
        .orderBy(sql`count(*) desc`, sql`min(${shops.category})`)
        .limit(200);
      return { categories };
    },
  );

  app.get(
    '/shops/:id',
    {
      schema: {
        tags: ['shops'],
        summary: `One shop with its products and newest ratings; counts a visit, once per visitor (address and browser) and at most ${VISITS_PER_ADDRESS} per address every 30 minutes. A shop hidden by a moderator is a 404 to all but its owner (ext)`,
        params: idParams,
        response: {
          200: shopAnswerSchema.extend({
            latest_ratings: z.array(ratingJsonSchema).describe(`ext: the ${REVIEWS_ON_SHOP_PAGE} newest ratings; the rest from GET /shops/{id}/ratings`),
            rating_labelled_count: z
              .number()
              .describe('ext: how many of the `rating_count` ratings carry a `label` (ordered through Kasuwa or talked with the shop)'),
          }),
          404: detail,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id)) throw notFound();
      // Before reading the shop, so a first visit sees itself counted (a hidden shop's visits are not).
      await visits.count([{ shopId: id, address: request.ip, agent: request.headers['user-agent'] ?? '' }]);
      const shop = await shopOfPage(app.db, id);
      if (!shop || !(await shownTo(app, request, shop))) throw notFound();
      const { products: shopProducts, latest, labelled } = await shopPageParts(app.db, id);
      // Shown while hidden only to its owner: then with links only they can open.
      return {
        ...shopJson(shop, app.mediaLinks(shop.hiddenAt !== null), shopProducts),
        latest_ratings: latest.map(ratingJson),
        rating_labelled_count: labelled,
      };
    },
  );

  app.get(
    '/shops/short/:code',
    {
      // Per visitor: the web tier names them in X-Forwarded-For.
      onRequest: app.addressLimit('short-link', SHORT_LINK_LOOKUPS_PER_MINUTE, MINUTE),
      schema: {
        tags: ['shops'],
        summary: 'The shop a short link code names (ext), for the site’s `/s/{code}`; capitals are forgiven',
        description: `With its name and stall visit, so a moderator's page at the stall counts no visit. At most ${SHORT_LINK_LOOKUPS_PER_MINUTE} lookups a minute from one address; more get 429.`,
        params: z.object({ code: z.string() }),
        response: {
          200: shopAnswerSchema.pick({ id: true, short_code: true, name: true, stall_visited_at: true }).extend({ short_code: z.string() }),
          404: detail,
          429: detail,
        },
      },
    },
    async (request) => {
      const code = shortCodeOf(request.params.code);
      if (!code) throw notFound();
      const [shop] = await app.db
        .select({ id: shops.id, name: shops.name, stallVisitedAt: shops.stallVisitedAt })
        .from(shops)
        .where(and(eq(shops.shortCode, code), listed))
        .limit(1);
      if (!shop) throw notFound();
      return { id: shop.id, short_code: code, name: shop.name, stall_visited_at: stallVisitShown(shop.stallVisitedAt, new Date())?.toISOString() ?? null };
    },
  );

  const fromTrustedHop = isTrustedHop(app.config.trustProxy);
  app.post(
    '/shops/visits',
    {
      schema: {
        tags: ['shops'],
        summary: 'Count views served from a web tier’s shared pages as GET /shops/{id} would (ext); TRUST_PROXY hops only',
        body: z.object({ views: z.array(reportedView).max(VIEWS_PER_REPORT_MAX) }),
        response: {
          200: z.object({ counted: z.number().describe('Views that started a visit; repeated ones and unknown ids are skipped') }),
          400: fieldErrors,
          403: detail,
        },
      },
    },
    async (request) => {
      if (!fromTrustedHop(request.socket.remoteAddress)) throw forbidden();
      const views = request.body.views.map((view) => ({ shopId: view.shop, address: view.address, agent: view.agent }));
      return { counted: await visits.count(views) };
    },
  );

  app.post(
    '/shops',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['shops'],
        summary: newShopSummary,
        security: [{ bearer: [] }],
        ...multipartForm(newShopForm),
        response: { 201: shopAnswerSchema, 400: fieldErrors, 401: detail, 413: fieldErrors, 415: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const uploads = new UploadBatch(app.storage, 'shops');
      try {
        const { fields, image } = await readShopForm(request, uploads);
        const parsed = shopFieldsSchema.safeParse(fields);
        const errors = parsed.success ? {} : fieldIssues(parsed.error);
        if (!image) errors.image = [MSG.shopImageRequired];
        else if ('rejected' in image) errors.image = [image.rejected];
        if (!parsed.success || !image || 'rejected' in image) throw badRequest(errors);
        const { tags, ...values } = parsed.data;
        // The photo took a while: a client that gave up meanwhile was told it failed, so nothing is stored.
        stopIfClientGone(request);
        const [created] = await app.db
          .insert(shops)
          .values({ ...values, tags: tags ?? [], ownerId: user.id, image: image.image })
          .returning({ id: shops.id });
        uploads.committed();
        const shop = await findShop(app.db, created!.id);
        return reply.code(201).send(shopJson(shop!, visitorLinks(), []));
      } catch (error) {
        await uploads.discard();
        throw error;
      }
    },
  );

  app.put(
    '/shops/:id/update',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['shops'],
        summary: "Change any of a shop's fields (multipart); owner only",
        security: [{ bearer: [] }],
        params: idParams,
        ...multipartForm(shopChangesForm),
        response: { 200: shopAnswerSchema, 400: fieldErrors, 401: detail, 403: detail, 404: detail, 413: fieldErrors },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const current = await ownedShop(app.db, request.params.id, user.id);
      const uploads = new UploadBatch(app.storage, 'shops');
      try {
        const { fields, image } = await readShopForm(request, uploads);
        const parsed = shopChangesSchema.safeParse(fields);
        if (!parsed.success) throw badRequest(fieldIssues(parsed.error));
        if (image && 'rejected' in image) throw badRequest({ image: [image.rejected] });
        const changes: Partial<typeof shops.$inferInsert> = changedShopFields(current, parsed.data);
        if (image) changes.image = image.image;
        if (!Object.keys(changes).length) throw formError(MSG.noChanges);
        stopIfClientGone(request);
        // The row is only replaced while it still holds the image we read, so a racing update cannot orphan one.
        const updated = await app.db
          .update(shops)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(shops.id, current.id), sql`${shops.image} = ${JSON.stringify(current.image)}::jsonb`))
          .returning({ id: shops.id });
        if (!updated.length) throw formError('The shop was changed by another request. Please try again.');
        uploads.committed();
        if (image) await removeAfterCommit(app.storage, [current.image], request.log);
        // A hidden shop's new photo is hidden from now on, and this answer links it for its owner.
        if (image && current.hiddenAt) await app.hiddenMedia.refresh();
        const shop = await findShop(app.db, current.id);
        const shopProducts = await productsByShop(app.db, [current.id]);
        return shopJson(shop!, app.mediaLinks(true), shopProducts.get(current.id));
      } catch (error) {
        await uploads.discard();
        throw error;
      }
    },
  );

  app.delete(
    '/shops/:id/delete',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['shops'],
        summary: 'Delete a shop and its products; its ad history stays. A shop a moderator hid is kept (409), with its reports and log',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 204: z.null(), 401: detail, 403: detail, 404: detail, 409: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const shop = await ownedShop(app.db, request.params.id, user.id);
      // Deleting would take the reports and the moderators' log with it, and let the shop come back clean.
      if (shop.hiddenAt) throw detailError(409, MSG.hiddenShopKept);
      const images = await app.db.transaction(async (tx) => {
        // Its threads go with it: only a deleted account leaves its threads to the other side (decision 079).
        await tx.delete(threads).where(eq(threads.shopId, shop.id));
        const goneProducts = await tx.delete(products).where(eq(products.shopId, shop.id)).returning({ image: products.image, photos: products.photos });
        const [goneShop] = await tx
          .delete(shops)
          .where(and(eq(shops.id, shop.id), listed))
          .returning({ image: shops.image });
        if (!goneShop) throw detailError(409, MSG.hiddenShopKept);
        return [goneShop.image, ...goneProducts.flatMap(productImages)];
      });
      await removeAfterCommit(app.storage, images, request.log);
      return reply.code(204).send(null);
    },
  );
};
