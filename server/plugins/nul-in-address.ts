import fp from 'fastify-plugin';
import { detailError } from '../errors';

/**
 * PostgreSQL text cannot hold NUL, so no query or path value with one can match anything: it is refused
 * before any route reads it, rather than by the database's error once the query has been sent.
 */
export const nulInAddress = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.url.includes('%00')) throw detailError(400, 'The address must not contain the NUL character (%00).');
    });
  },
  { name: 'nul-in-address' },
);
