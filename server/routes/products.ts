import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_PHOTOS_MAX, PRODUCTS_PER_BATCH_MAX } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import { changedProductFields, productFieldsSchema } from '#rules/product-fields.ts';
import { productChangesSchema } from '#rules/product-schemas.ts';
import { products, shops } from '#server/db/schema.ts';
import { badRequest, formError, notFound } from '#server/errors.ts';
import { isId } from '#server/ids.ts';
import { productImages } from '#server/media/images.ts';
import { removeAfterCommit, type StoredOrRejected, UploadBatch } from '#server/media/upload-batch.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { stopIfClientGone } from '#server/plugins/client-gone.ts';
import { imageFile, multipartForm, readMultipart } from '#server/plugins/multipart.ts';
import { checkBatch, rowField } from '#server/products/batch-form.ts';
import { changedPhotos } from '#server/products/photos.ts';
import { ownedProduct, ownedShop, shownTo } from '#server/shops/ownership.ts';
import { findShop } from '#server/shops/queries.ts';
import { productJson, productJsonSchema, productShopJson, productShopSchema } from '#server/shops/shop-json.ts';
import { fieldIssues } from '#server/validation.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());
const batchForm = z.object({
  products: z.string().describe(`JSON list of {"name", "price"}, at most ${PRODUCTS_PER_BATCH_MAX}`),
  images: z.array(imageFile()).describe('One photo per product, in the order of `products`'),
});
const productChangesForm = productChangesSchema.extend(productFieldsSchema.shape).extend({
  price: z.string().optional().describe('In naira; empty means unchanged'),
  image: imageFile().optional().describe('A new cover photo'),
  photos: z
    .array(imageFile())
    .optional()
    .describe(`More photos, added after the product's others; with the cover at most ${PRODUCT_PHOTOS_MAX} in all, counted after removals`),
  remove_photo: z
    .array(z.string())
    .optional()
    .describe("Repeatable: the `key` of one of the product's `photos` to take away; removals happen before additions"),
});

export const productRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/shops/:shop_id/products',
    {
      schema: {
        tags: ['products'],
        summary: "A shop's products (plain array)",
        params: z.object({ shop_id: z.string() }),
        response: { 200: z.array(productJsonSchema), 404: detail },
      },
    },
    async (request) => {
      const { shop_id } = request.params;
      if (!isId(shop_id)) throw notFound();
      const [shop] = await app.db.select({ hiddenAt: shops.hiddenAt, ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shop_id)).limit(1);
      if (!shop || !(await shownTo(app, request, shop))) throw notFound();
      const rows = await app.db.select().from(products).where(eq(products.shopId, shop_id)).orderBy(asc(products.createdAt), asc(products.id));
      return rows.map((row) => productJson(row, app.mediaLinks(shop.hiddenAt !== null)));
    },
  );

  app.post(
    '/shops/:shop_id/products/batch-create',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Add several products at once, all or nothing (multipart)',
        description:
          '`products` = JSON list of {name, price} and `images` repeated in the same order; or `products[0][name]`, `products[0][price]`, `products[0][image]`.',
        security: [{ bearer: [] }],
        params: z.object({ shop_id: z.string() }),
        ...multipartForm(batchForm),
        response: { 201: z.array(productJsonSchema), 400: fieldErrors, 401: detail, 403: detail, 404: detail, 413: fieldErrors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const shop = await ownedShop(app.db, request.params.shop_id, user.id);
      const uploads = new UploadBatch(app.storage, 'products');
      try {
        const images: (StoredOrRejected | undefined)[] = [];
        let listed = 0;
        let unplaced = 0;
        const slotOf = (field: string) => (field === 'images' ? listed++ : rowField(field)?.key === 'image' ? rowField(field)!.index : null);
        const { fields } = await readMultipart(request, async (file) => {
          const slot = slotOf(file.field);
          if (slot === null) return null;
          // A file beyond what a batch holds, or a second one for the same row, is counted but never stored.
          if (slot >= PRODUCTS_PER_BATCH_MAX || images[slot]) {
            unplaced++;
            return null;
          }
          stopIfClientGone(request);
          images[slot] = await uploads.store(file);
          return images[slot];
        });
        const batch = checkBatch(fields, images, unplaced);
        if (!('rows' in batch)) throw badRequest(batch);
        const created = await app.db.transaction(async (tx) => {
          const rows = await tx
            .insert(products)
            // A microsecond apart, so the rows list in the order they were typed (one statement shares one now()).
            .values(
              batch.rows.map((row, at) => ({
                shopId: shop.id,
                name: row.name,
                price: row.price,
                image: row.image,
                createdAt: sql`now() + ${at}::int * interval '1 microsecond'`,
              })),
            )
            .returning();
          // Checked last, inside the transaction: a client that gave up while we worked gets nothing stored.
          stopIfClientGone(request);
          return rows;
        });
        uploads.committed();
        // A hidden shop's new photos are hidden from now on, and this answer links them for its owner.
        if (shop.hiddenAt) await app.hiddenMedia.refresh();
        return reply.code(201).send(created.map((row) => productJson(row, app.mediaLinks(true))));
      } catch (error) {
        await uploads.discard();
        throw error;
      }
    },
  );

  app.get(
    '/shops/products/:id',
    {
      schema: {
        tags: ['products'],
        summary: "One product with its shop's summary (ext), for its own page and the edit page; counts no visit",
        params: z.object({ id: z.string() }),
        response: { 200: productJsonSchema.extend({ shop: productShopSchema }), 404: detail },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isId(id)) throw notFound();
      const [row] = await app.db
        .select({ product: products, hiddenAt: shops.hiddenAt, ownerId: shops.ownerId })
        .from(products)
        .innerJoin(shops, eq(shops.id, products.shopId))
        .where(eq(products.id, id))
        .limit(1);
      if (!row || !(await shownTo(app, request, row))) throw notFound();
      const shop = await findShop(app.db, row.product.shopId);
      if (!shop) throw notFound();
      const links = app.mediaLinks(row.hiddenAt !== null);
      return { ...productJson(row.product, links), shop: productShopJson(shop, links) };
    },
  );

  app.put(
    '/shops/products/:id/update',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['products'],
        summary: "Change a product's name, price, image, photos, description, condition or flags (multipart); owner only",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string() }),
        ...multipartForm(productChangesForm),
        response: { 200: z.object({ product: productJsonSchema }), 400: fieldErrors, 401: detail, 403: detail, 404: detail, 413: fieldErrors },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const current = await ownedProduct(app.db, request.params.id, user.id);
      const uploads = new UploadBatch(app.storage, 'products');
      try {
        let image: StoredOrRejected | undefined;
        const added: StoredOrRejected[] = [];
        let unplaced = 0;
        const { fields, lists } = await readMultipart(request, async (file) => {
          if (file.field === 'photos') {
            // More than a product can ever hold is counted but never stored.
            if (added.length >= PRODUCT_PHOTOS_MAX - 1) {
              unplaced++;
              return null;
            }
            const photo = await uploads.store(file);
            added.push(photo);
            return photo;
          }
          if (file.field !== 'image' || image) return null;
          image = await uploads.store(file);
          return image;
        });
        const parsed = productChangesSchema.extend(productFieldsSchema.shape).safeParse(fields);
        const errors = parsed.success ? {} : fieldIssues(parsed.error);
        if (image && 'rejected' in image) errors.image = [image.rejected];
        const photos = changedPhotos(current.photos, lists.remove_photo ?? [], added, unplaced);
        if ('errors' in photos) errors.photos = photos.errors;
        if (!parsed.success || (image && 'rejected' in image) || 'errors' in photos) throw badRequest(errors);
        const changes: Partial<typeof products.$inferInsert> = {};
        if (parsed.data.name !== undefined && parsed.data.name !== current.name) changes.name = parsed.data.name;
        if (parsed.data.price !== undefined && parsed.data.price !== current.price) changes.price = parsed.data.price;
        Object.assign(changes, changedProductFields(current, parsed.data));
        if (image) changes.image = image.image;
        if (photos.changed) changes.photos = photos.kept;
        if (!Object.keys(changes).length) throw formError(MSG.noChanges);
        stopIfClientGone(request);
        // Replaced only while it still holds the photos we read, so a racing update cannot orphan one.
        const [updated] = await app.db
          .update(products)
          .set(changes)
          .where(
            and(
              eq(products.id, current.id),
              sql`${products.image} = ${JSON.stringify(current.image)}::jsonb`,
              sql`${products.photos} = ${JSON.stringify(current.photos)}::jsonb`,
            ),
          )
          .returning();
        if (!updated) throw formError('The product was changed by another request. Please try again.');
        uploads.committed();
        const gone = [...(image ? [current.image] : []), ...photos.removed];
        if (gone.length) await removeAfterCommit(app.storage, gone, request.log);
        // A hidden shop's new photos are hidden from now on, and this answer links them for its owner.
        if (image || added.length) await app.hiddenMedia.refresh();
        return { product: productJson(updated, app.mediaLinks(true)) };
      } catch (error) {
        await uploads.discard();
        throw error;
      }
    },
  );

  app.delete(
    '/shops/products/:id/delete',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['products'],
        summary: 'Delete a product; owner only',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string() }),
        response: { 204: z.null(), 401: detail, 403: detail, 404: detail },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const product = await ownedProduct(app.db, request.params.id, user.id);
      const [gone] = await app.db.delete(products).where(eq(products.id, product.id)).returning({ image: products.image, photos: products.photos });
      if (!gone) throw notFound();
      await removeAfterCommit(app.storage, productImages(gone), request.log);
      return reply.code(204).send(null);
    },
  );
};
