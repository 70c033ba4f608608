import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/errors';

/** Stored images. Keys are new for every upload and never rewritten, so browsers may keep them for a year. */
export const mediaRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/media/*',
    {
      schema: {
        summary: 'A stored image or one of its smaller copies',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const file = await app.storage.open(request.params['*']);
      if (!file) throw notFound();
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          // The older client shows these from its own origin, by absolute URL (`image_url`).
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(file.stream)
      );
    },
  );
};
