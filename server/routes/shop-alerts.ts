import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_ALERT_EVERY_MINUTES } from '#rules/limits.ts';
import { shops } from '#server/db/schema.ts';
import { signedIn } from '#server/plugins/auth.ts';
import { ownedShop } from '#server/shops/ownership.ts';

const detail = z.object({ detail: z.string() });
const fieldErrors = z.record(z.string(), z.unknown());
/** `{"sms":false}` and room for whitespace; anything larger is refused unread. */
const ALERTS_BODY_MAX_BYTES = 1024;

const shopAlertsSchema = z.object({
  sms: z.boolean().describe("Text the shop's number when a buyer writes"),
});

/** How a shop's owner hears of new messages (docs/product.md §4, Alerts): mail always, a text message when they ask. */
export const shopAlertRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/shops/:id/alerts',
    {
      onRequest: app.authenticate,
      bodyLimit: ALERTS_BODY_MAX_BYTES,
      config: { privateWrite: true },
      schema: {
        tags: ['shops'],
        summary: `Turn text message alerts for a shop on or off (ext); owner only. When on, a buyer's new thread, message or order request also texts the shop's number (its own, else the owner's), at most once a thread every ${MESSAGE_ALERT_EVERY_MINUTES} minutes`,
        security: [{ bearer: [] }],
        params: z.object({ id: z.string() }),
        body: shopAlertsSchema,
        response: { 200: shopAlertsSchema, 400: fieldErrors, 401: detail, 403: detail, 404: detail, 413: detail },
      },
    },
    async (request) => {
      const shop = await ownedShop(app.db, request.params.id, signedIn(request).id);
      await app.db.update(shops).set({ smsAlerts: request.body.sms }).where(eq(shops.id, shop.id));
      return { sms: request.body.sms };
    },
  );
};
