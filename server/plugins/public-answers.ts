import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CONTENT_CHANGED_CHANNEL } from '#settings/content-changed-channel.ts';

/** Lists that read many rows and look the same to everyone; a shop's own page counts a visit, so it is never remembered. */
const REMEMBERED_ROUTES = new Set(['/shops', '/categories']);
/** Long enough that a burst of visitors shares one query, short enough that an ad ending by the clock shows at once. */
export const PUBLIC_ANSWER_MS = 1000;
/** Search words are the visitors' own: at most this many different answers (about 30 KB each) are kept. */
const CAPACITY = 200;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Remembered = { body: string; contentType: string; expires: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** The write count when this read began, if its answer may be remembered. */
    publicAnswerUnder?: number;
  }
}

/**
 * The answers to the public lists (the home page, search, categories), remembered for a second in this
 * process: the home page's list is the one read every visitor makes, and serving it again costs a
 * fraction of the query and of checking the answer against its schema. Any write this process answers
 * forgets them all before its answer leaves, so whoever changed something sees it at once; a read that
 * was under way during a write is not remembered. Writes through another API process show within a second,
 * or at once with Redis: the web tiers announce every write there (web-server/other-instances.ts), and
 * a web tier that hears of one must not read the list it is about to render from a second-old memory.
 */
export const publicAnswers: FastifyPluginAsync = fp(
  async (app) => {
    const answers = new Map<string, Remembered>();
    let writes = 0;

    const redis = app.redis;
    if (redis) {
      // A connection of its own: one that listens can send nothing else. Queued until connected, never on a request's path.
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
