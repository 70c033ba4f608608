import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/errors.ts';

/** Keys are never rewritten; a CDN asks again soon, so a photo a moderator hides leaves it. */
const SHOWN = 'public, max-age=31536000, s-maxage=300, immutable';
/** A hidden shop's photo through a signed link: theirs alone. */
const HIDDEN = 'private, max-age=3600';

const signed = z.object({ until: z.string().max(20).optional().catch(undefined), sig: z.string().max(64).optional().catch(undefined) });

export const mediaRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/media/*',
    {
      schema: {
        summary: 'A stored image or one of its smaller copies; a hidden shop’s only with the `until` and `sig` of the link its owner or a moderator was given',
        params: z.object({ '*': z.string() }),
        querystring: signed.catch({}),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const hidden = app.hiddenMedia.isHidden(key);
      if (hidden && !app.hiddenMedia.allows(key, request.query)) throw notFound();
      const file = await app.storage.open(key);
      if (!file) throw notFound();
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('cache-control', hidden ? HIDDEN : SHOWN)
          // The older client shows these from its own origin, by absolute URL (`image_url`).
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(file.stream)
      );
    },
  );
};
