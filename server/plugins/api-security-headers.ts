import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** The API's answers are never run, framed or sniffed; routes that serve browsers more set their own on top. */
const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

export function withSecurityHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers(API_HEADERS);
}

/** Set before any route runs, so a route's own header of the same name wins. */
export const apiSecurityHeaders = fp(
  async (app) => {
    app.addHook('onRequest', async (_request, reply) => {
      withSecurityHeaders(reply);
    });
  },
  { name: 'api-security-headers' },
);
