import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { CONTENT_CHANGED_CHANNEL } from '#settings/content-changed-channel.ts';

/** Past this, a write stops waiting for Redis; the other instances' shared pages expire within PUBLIC_CACHE_SECONDS anyway. */
const PUBLISH_TIMEOUT_MS = 1000;

/**
 * Web tiers on several machines (REDIS_URL) each keep their own memory of shared public pages. A write
 * through any web process is published on a Redis channel every web process of every instance listens
 * on, and each forgets its copies when the news comes; answering a remembered page never asks Redis
 * anything. While Redis is unreachable, writes go unannounced and copies expire within
 * PUBLIC_CACHE_SECONDS; a process that lost Redis forgets its copies when it hears Redis again, since it
 * may have missed news meanwhile. `onChange` runs for every other process's write; `announce` resolves
 * once Redis has handed this one's to every listener, or given up. ioredis is loaded only with REDIS_URL.
 */
export function otherInstances(redisUrl: string, onChange: () => void, log: Logger): { announce(): Promise<void>; close(): Promise<void> } {
  const me = randomUUID();
  let unreachable = false;
  const reportOnce = (error: Error) => {
    // ioredis reports every failed reconnection: once an outage is enough.
    if (!unreachable) log.error(`Redis is unreachable (${error.message}); shared pages expire on their own until it is back.`);
    unreachable = true;
  };
  const connections = import('ioredis').then(({ Redis }) => {
    // Fails at once while the connection is down, rather than queue: a write never waits on Redis.
    const publishing = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: PUBLISH_TIMEOUT_MS });
    const listening = new Redis(redisUrl);
    for (const connection of [publishing, listening]) connection.on('error', reportOnce);
    listening.on('ready', () => {
      onChange();
      if (unreachable) log.info('Redis is reachable again; shared pages were forgotten in case news was missed.');
      unreachable = false;
    });
    listening.on('message', (_channel: string, from: string) => {
      if (from !== me) onChange();
    });
    void listening.subscribe(CONTENT_CHANGED_CHANNEL).catch(reportOnce);
    return [publishing, listening] as const;
  });
  return {
    async announce() {
      try {
        await (await connections)[0].publish(CONTENT_CHANGED_CHANNEL, me);
      } catch (error) {
        reportOnce(error as Error);
      }
    },
    async close() {
      for (const connection of await connections) connection.disconnect();
    },
  };
}
