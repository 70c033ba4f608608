import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '#rules/messages.ts';
import { ApiError } from '#server/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler, so only well-formed requests count and the account is known: per account and per address. */
    authLimit(scope: string, account: string | AccountKey): (request: FastifyRequest) => Promise<void>;
    /** preHandler after `authenticate`; `words` say what was refused when the plain "throttled" would not. */
    personLimit(scope: string, max: number, windowMs: number, words?: Words): (request: FastifyRequest) => Promise<void>;
    addressLimit(scope: string, max: number, windowMs: number): (request: FastifyRequest) => Promise<void>;
  }
}

/** Carriers put many phones behind one address, so an address gets several people's allowance. */
export const ADDRESS_SHARE = 5;

/** The account a request is about; asked only once the address has allowance left. */
export type AccountKey = (request: FastifyRequest) => string | Promise<string>;

const MINUTE = 60_000;
/** As @fastify/rate-limit counts IPv6 clients: one per /64, the block a home or phone is given. */
const IPV6_SUBNET = 64;

function bodyField(request: FastifyRequest, field: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Words = (seconds: number) => string;

async function countOrRefuse(limiter: Limiter, request: FastifyRequest, words: Words = MSG.throttled) {
  const count = await limiter(request).catch((error: unknown) => {
    request.log.error({ err: error }, 'rate limit not counted: its store did not answer');
    return null;
  });
  if (count && !count.isAllowed && count.isExceeded) {
    const seconds = Math.max(1, count.ttlInSeconds);
    throw new ApiError(429, { detail: words(seconds) }, { 'retry-after': String(seconds) });
  }
}

/** Counts live in Redis when REDIS_URL is set; if it cannot answer, requests pass uncounted rather than lock everyone out. */
export const rateLimits = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, { global: false, ...(app.redis ? { redis: app.redis, nameSpace: 'kasuwa:rate:' } : {}) });
    app.decorate('authLimit', (scope: string, account: string | AccountKey) => {
      const accountOf: AccountKey = typeof account === 'string' ? (request) => bodyField(request, account) : account;
      const perAccount = app.config.authRateLimit;
      // In Redis all limiters share one key space, so each key names its route and what it counts.
      const byAddress = app.createRateLimit({
        max: perAccount * ADDRESS_SHARE,
        timeWindow: MINUTE,
        keyGenerator: (request) => `${scope}:address:${normalizeIP(request.ip, IPV6_SUBNET)}`,
      });
      const byAccount = app.createRateLimit({
        max: perAccount,
        timeWindow: MINUTE,
        keyGenerator: async (request) => `${scope}:account:${await accountOf(request)}`,
      });
      return async (request: FastifyRequest) => {
        // The address first: a request it refuses does not use up the account's allowance as well.
        for (const limiter of [byAddress, byAccount]) await countOrRefuse(limiter, request);
      };
    });
    app.decorate('personLimit', (scope: string, max: number, windowMs: number, words?: Words) => {
      const byPerson = app.createRateLimit({
        max,
        timeWindow: windowMs,
        keyGenerator: (request) => `${scope}:user:${request.user?.id ?? ''}`,
      });
      return (request: FastifyRequest) => countOrRefuse(byPerson, request, words);
    });
    app.decorate('addressLimit', (scope: string, max: number, windowMs: number) => {
      const byAddress = app.createRateLimit({
        max,
        timeWindow: windowMs,
        keyGenerator: (request) => `${scope}:address:${normalizeIP(request.ip, IPV6_SUBNET)}`,
      });
      return (request: FastifyRequest) => countOrRefuse(byAddress, request);
    });
  },
  { name: 'rate-limits', dependencies: ['core'] },
);
