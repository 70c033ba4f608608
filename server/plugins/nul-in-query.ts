import fp from 'fastify-plugin';
import { detailError } from '#server/errors.ts';

/**
 * PostgreSQL text cannot hold NUL, so no query value with one can match anything: it is refused before
 * any route reads it, rather than by the database's error once the query has been sent. (Path values
 * name ids, which routes check themselves: one with a NUL names nothing, a 404.)
 */
export const nulInQuery = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const query = request.url.indexOf('?');
      if (query !== -1 && request.url.includes('%00', query)) throw detailError(400, 'A query must not contain the NUL character (%00).');
    });
  },
  { name: 'nul-in-query' },
);
