import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CONTENT_CHANGED_CHANNEL } from '#settings/content-changed-channel.ts';

/** A shop's own page counts a visit, so it is never remembered. */
const REMEMBERED_ROUTES = new Set(['/shops', '/categories']);
/** Long enough that a burst of visitors shares one query, short enough that an ad ending by the clock shows at once. */
export const PUBLIC_ANSWER_MS = 1000;
/** Search words are the visitors' own, so the answers kept are bounded. */
const CAPACITY = 200;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Remembered = { body: string; contentType: string; expires: number };

declare module 'fastify' {
  interface FastifyRequest {
    publicAnswerUnder?: number;
  }
  interface FastifyContextConfig {
    /** A write the public lists never show (a private message): many a second must not keep them from being remembered. */
    privateWrite?: boolean;
  }
}

/** The public lists, remembered briefly and forgotten on any write: see docs/architecture.md, Caching. */
export const publicAnswers: FastifyPluginAsync = fp(
  async (app) => {
    const answers = new Map<string, Remembered>();
    let writes = 0;

    const redis = app.redis;
    if (redis) {
      // A connection of its own: one that listens can send nothing else.
      const listening = redis.duplicate({ lazyConnect: false, enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
      // The rate limits' connection already reports an outage.
      listening.on('error', () => {});
      listening.on('message', () => {
        writes += 1;
        answers.clear();
      });
      void listening.subscribe(CONTENT_CHANGED_CHANNEL).catch(() => {});
      app.addHook('onClose', async () => listening.disconnect());
    }

    const rememberable = (request: FastifyRequest) =>
      request.method === 'GET' && !request.headers.authorization && REMEMBERED_ROUTES.has(request.routeOptions.url ?? '');

    app.addHook('onRequest', async (request, reply) => {
      if (!rememberable(request)) return;
      const remembered = answers.get(request.url);
      if (remembered && remembered.expires > Date.now()) {
        return reply.header('content-type', remembered.contentType).send(remembered.body);
      }
      request.publicAnswerUnder = writes;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (WRITE_METHODS.has(request.method)) {
        if (request.routeOptions.config.privateWrite) return payload;
        writes += 1;
        answers.clear();
        return payload;
      }
      if (request.publicAnswerUnder !== writes || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      answers.delete(request.url);
      answers.set(request.url, { body: payload, contentType: String(reply.getHeader('content-type')), expires: Date.now() + PUBLIC_ANSWER_MS });
      if (answers.size > CAPACITY) answers.delete(answers.keys().next().value!);
      return payload;
    });
  },
  { name: 'public-answers' },
);
