import fp from 'fastify-plugin';
import { detailError } from '#server/errors.ts';

/** PostgreSQL text cannot hold NUL, so such a query value can match nothing: refused before any route reads it. */
export const nulInQuery = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const query = request.url.indexOf('?');
      if (query !== -1 && request.url.includes('%00', query)) throw detailError(400, 'A query must not contain the NUL character (%00).');
    });
  },
  { name: 'nul-in-query' },
);
