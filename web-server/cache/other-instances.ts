import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { CONTENT_CHANGED_CHANNEL } from '#settings/content-changed-channel.ts';

// Other instances' shared pages expire within PUBLIC_CACHE_SECONDS anyway.
const PUBLISH_TIMEOUT_MS = 1000;

/** Writes announced to every web instance through Redis (docs/architecture.md, "Caching"). */
export function otherInstances(redisUrl: string, onChange: () => void, log: Logger): { announce(): Promise<void>; close(): Promise<void> } {
  const me = randomUUID();
  let unreachable = false;
  const reportOnce = (error: Error) => {
    if (!unreachable) log.error(`Redis is unreachable (${error.message}); shared pages expire on their own until it is back.`);
    unreachable = true;
  };
  const connections = import('ioredis').then(({ Redis }) => {
    // No offline queue: a write never waits on Redis.
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
