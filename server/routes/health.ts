import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A dependency that has not answered in this long counts as unreachable: a load balancer's probe gives up soon too. */
const CHECK_TIMEOUT_MS = 2_000;

function withinTimeout(check: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable'), detail: z.string() }) },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const, detail: 'The database is unreachable.' });
      }
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness for a load balancer: the database, Redis (when configured) and the media storage all answer',
        response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('unavailable'), detail: z.string() }) },
      },
    },
    async (request, reply) => {
      const checks: [string, () => Promise<unknown>][] = [
        ['The database is unreachable.', () => app.db.execute(sql`select 1`)],
        ['The media storage is unreachable.', () => app.storage.check()],
      ];
      const redis = app.redis;
      if (redis) checks.push(['Redis is unreachable.', () => redis.ping()]);
      const results = await Promise.allSettled(checks.map(([, check]) => withinTimeout(check())));
      const failed = results.flatMap((result, i) => (result.status === 'rejected' ? [{ detail: checks[i]![0], err: result.reason as unknown }] : []));
      if (!failed.length) return { status: 'ready' as const };
      for (const failure of failed) request.log.error({ err: failure.err }, failure.detail);
      return reply.code(503).send({ status: 'unavailable' as const, detail: failed.map((failure) => failure.detail).join(' ') });
    },
  );
};
