import { randomUUID } from 'node:crypto';
import { CONTENT_CHANGED_CHANNEL } from '#settings/content-changed-channel.ts';

/** Past this, a write stops waiting for Redis; the other instances' shared pages expire within PUBLIC_CACHE_SECONDS anyway. */
const PUBLISH_TIMEOUT_MS = 1000;

/**
 * Web tiers on several machines (REDIS_URL) each keep their own memory of shared public pages. A write
 * through any web process is published on a Redis channel every web process of every instance listens
 * on, and each forgets its copies when the news comes; answering a remembered page never asks Redis
 * anything. While Redis is unreachable, writes go unannounced and copies expire within
 * PUBLIC_CACHE_SECONDS as they always did; a process that lost Redis forgets its copies when it hears
 * Redis again, since it may have missed news meanwhile.
 *
 * Runs `onChange` for every other process's write and returns the function that announces this one's,
 * resolving once Redis has handed the news to every listener (or given up). Called once, by the module
 * that owns the shared memory; ioredis is loaded only here, only with REDIS_URL.
 */
export function otherInstances(redisUrl: string, onChange: () => void): () => Promise<void> {
  const me = randomUUID();
  let unreachable = false;
  const reportOnce = (error: Error) => {
    // ioredis reports every failed reconnection: once an outage is enough.
    if (!unreachable) console.error(`Redis is unreachable (${error.message}); shared pages expire on their own until it is back.`);
    unreachable = true;
  };
  const publisher = import('ioredis').then(({ Redis }) => {
    // Fails at once while the connection is down, rather than queue: a write never waits on Redis.
    const publishing = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: PUBLISH_TIMEOUT_MS });
    const listening = new Redis(redisUrl);
    for (const connection of [publishing, listening]) connection.on('error', reportOnce);
    listening.on('ready', () => {
      onChange();
      if (unreachable) console.log('Redis is reachable again; shared pages were forgotten in case news was missed.');
      unreachable = false;
    });
    listening.on('message', (_channel: string, from: string) => {
      if (from !== me) onChange();
    });
    void listening.subscribe(CONTENT_CHANGED_CHANNEL).catch(reportOnce);
    return publishing;
  });
  return async () => {
    try {
      await (await publisher).publish(CONTENT_CHANGED_CHANNEL, me);
    } catch (error) {
      reportOnce(error as Error);
    }
  };
}
