import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Storage } from '#server/media/s3-storage.ts';
import { REDIS_MISSING, type RedisServer, redisServerInstalled, startRedisServer } from '../support/redis-server';
import { S3_CREDENTIALS, type S3Server, startS3Server } from '../support/s3-server';
import { startTestApi, type TestApi } from './support/harness';

const readiness = (api: TestApi) => api.app.inject({ method: 'GET', url: '/readyz' });

async function eventuallyReady(api: TestApi) {
  for (let waited = 0; (await readiness(api)).statusCode !== 200 && waited < 10_000; waited += 100) await delay(100);
  expect((await readiness(api)).json()).toEqual({ status: 'ready' });
}

describe('the readiness check (/readyz)', () => {
  it('answers ready while the database and the media storage answer, and not once the database is gone', async () => {
    const api = await startTestApi();
    try {
      const ready = await readiness(api);
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });

      await api.database.close();

      const unready = await readiness(api);
      expect(unready.statusCode).toBe(503);
      expect(unready.json()).toEqual({ status: 'unavailable', detail: 'The database is unreachable.' });
    } finally {
      await api.app.close();
    }
  });

  describe('with photos in a bucket', () => {
    let s3: S3Server;
    let api: TestApi;
    beforeAll(async () => {
      for (const [name, value] of Object.entries(S3_CREDENTIALS)) vi.stubEnv(name, value);
      s3 = await startS3Server();
      api = await startTestApi({ storage: () => s3Storage(s3.settings) });
    });
    afterAll(async () => {
      await api.close();
      vi.unstubAllEnvs();
    });

    it('fails, naming the media storage, while the bucket cannot be reached', async () => {
      expect((await readiness(api)).statusCode).toBe(200);

      await s3.stop();

      const unready = await readiness(api);
      expect(unready.statusCode).toBe(503);
      expect(unready.json()).toEqual({ status: 'unavailable', detail: 'The media storage is unreachable.' });
    });
  });

  describe.skipIf(!redisServerInstalled())(`with REDIS_URL${redisServerInstalled() ? '' : ` (skipped: ${REDIS_MISSING})`}`, () => {
    let redis: RedisServer;
    let api: TestApi;
    beforeAll(async () => {
      redis = await startRedisServer();
      api = await startTestApi({ env: { REDIS_URL: redis.url } });
    });
    afterAll(async () => {
      await api.close();
      await redis.stop();
    });

    it('fails, naming Redis, while Redis is down, and is ready again once it is back', async () => {
      expect((await readiness(api)).statusCode).toBe(200);

      await redis.stop();
      const unready = await readiness(api);
      expect(unready.statusCode).toBe(503);
      expect(unready.json()).toEqual({ status: 'unavailable', detail: 'Redis is unreachable.' });

      redis = await startRedisServer(redis.port);
      await eventuallyReady(api);
    });
  });
});
