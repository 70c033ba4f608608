import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { REDIS_MISSING, type RedisServer, redisServerInstalled, startRedisServer } from '../support/redis-server';
import { startTestApi, type TestApi } from './support/harness';
import { signUp } from './support/requests';

const PER_ACCOUNT = 3;

let addresses = 0;
/** A client address no other test has used, so that only the account's allowance is tested. */
const newAddress = () => `198.51.100.${++addresses}`;

describe.skipIf(!redisServerInstalled())(`with REDIS_URL${redisServerInstalled() ? '' : ` (skipped: ${REDIS_MISSING})`}, the sign-in limit`, () => {
  let redis: RedisServer;
  let first: TestApi;
  let second: FastifyInstance;
  beforeAll(async () => {
    redis = await startRedisServer();
    first = await startTestApi({ env: { AUTH_RATE_LIMIT: String(PER_ACCOUNT), REDIS_URL: redis.url } });
    // A second instance on the same database and the same Redis.
    second = await buildApp({ config: first.config, database: first.database, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await redis.stop();
  });

  const login = (app: FastifyInstance, account: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username_or_email: account, password: 'wrong-guess-1' },
      headers: { 'x-forwarded-for': newAddress() },
    });

  it('holds across two API instances: tries through either count for both', async () => {
    const person = await signUp(first.app);
    const instances = [first.app, second];
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login(instances[i % 2]!, person.username)).statusCode).toBe(401);

    expect((await login(first.app, person.email)).statusCode).toBe(429);
    expect((await login(second, person.username)).statusCode).toBe(429);
  });

  it('keeps each route’s counts apart: a throttled sign-in still gets its password reset', async () => {
    const person = await signUp(first.app);
    for (let i = 0; i < PER_ACCOUNT; i++) await login(second, person.username);
    expect((await login(first.app, person.username)).statusCode).toBe(429);

    const reset = await first.app.inject({ method: 'POST', url: '/auth/password-reset/request/', payload: { email: person.email } });
    expect(reset.statusCode).toBe(200);
  });

  it('lets sign-ins through, uncounted, while Redis is down, and counts again once it is back', async () => {
    const person = await signUp(first.app);
    await redis.stop();
    for (let i = 0; i < PER_ACCOUNT + 2; i++) expect((await login(first.app, person.username)).statusCode).toBe(401);

    redis = await startRedisServer(redis.port);
    for (let waited = 0; first.app.redis!.status !== 'ready' && waited < 10_000; waited += 50) await delay(50);
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login(first.app, person.username)).statusCode).toBe(401);
    expect((await login(first.app, person.username)).statusCode).toBe(429);
  });
});
