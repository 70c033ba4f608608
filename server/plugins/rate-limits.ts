import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../app/lib/rules/messages';
import { ApiError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler for login, signup and password reset: AUTH_RATE_LIMIT a minute per account (the body's
     * `field`, or the key `account` gives), whatever the address, and ADDRESS_SHARE times that per client
     * address, whatever the account. A preHandler runs after validation, so only well-formed requests
     * count and the account is known.
     */
    authLimit(account: string | AccountKey): (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Mobile operators put many phones behind one public address (carrier-grade NAT), as do offices and
 * cyber cafés, so an address gets several people's allowance; a script trying many accounts from one
 * address is still stopped after a few dozen.
 */
export const ADDRESS_SHARE = 5;

/** The account a request is about; asked only once the address has allowance left. */
export type AccountKey = (request: FastifyRequest) => string | Promise<string>;

const MINUTE = 60_000;

function bodyField(request: FastifyRequest, field: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

export const rateLimits = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, { global: false });
    app.decorate('authLimit', (account: string | AccountKey) => {
      const keyOf: AccountKey = typeof account === 'string' ? (request) => bodyField(request, account) : account;
      const perAccount = app.config.authRateLimit;
      // Each limiter keeps its own counts; the address one keys on `request.ip` (an IPv6 client by its /64).
      const byAddress = app.createRateLimit({ max: perAccount * ADDRESS_SHARE, timeWindow: MINUTE });
      const byAccount = app.createRateLimit({ max: perAccount, timeWindow: MINUTE, keyGenerator: keyOf });
      return async (request: FastifyRequest) => {
        // The address first: a request it refuses does not use up the account's allowance as well.
        for (const limiter of [byAddress, byAccount]) {
          const count = await limiter(request);
          if (!count.isAllowed && count.isExceeded) {
            const seconds = Math.max(1, count.ttlInSeconds);
            throw new ApiError(429, { detail: MSG.throttled(seconds) }, { 'retry-after': String(seconds) });
          }
        }
      };
    });
  },
  { name: 'rate-limits', dependencies: ['core'] },
);
