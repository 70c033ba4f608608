import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { ConfigError } from './config';

/** Commands fail at once while the connection is down rather than queue, so a request never waits on Redis. */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 5_000,
    commandTimeout: 2_000,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    // Once per outage: ioredis reports every failed reconnection.
    if (!reported) log.error({ err: error }, 'Redis is unreachable; trying again');
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) log.info('Redis is reachable again');
    reported = false;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const { host, port } = new URL(url);
    throw new ConfigError(`REDIS_URL: cannot reach Redis at ${host}${port ? '' : ':6379'} (${(error as Error).message})`);
  }
  return redis;
}
