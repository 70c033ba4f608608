import cluster from 'node:cluster';
import type { Siblings } from '#web-server/cache/site-cache.ts';

/**
 * The web tier may run as several processes (WEB_WORKERS, workers.ts), each with its
 * own memory of shared public pages. A write through one must empty the others' too before its answer
 * leaves, or the person who made it could be shown a page from before it by the next process. The
 * primary process relays the news and answers once every other worker has taken it.
 */
export const CONTENT_CHANGED = 'kasuwa:content-changed';
export const CONTENT_CHANGE_SEEN = 'kasuwa:content-change-seen';

export type SiblingMessage = { type: typeof CONTENT_CHANGED | typeof CONTENT_CHANGE_SEEN; id: number };

export function isSiblingMessage(message: unknown): message is SiblingMessage {
  const { type, id } = (message ?? {}) as Partial<SiblingMessage>;
  return (type === CONTENT_CHANGED || type === CONTENT_CHANGE_SEEN) && typeof id === 'number';
}

/** Past this, a write stops waiting for a stuck sibling; its shared pages expire within PUBLIC_CACHE_SECONDS anyway. */
const WAIT_MS = 1000;

/**
 * How this worker tells its siblings of a write, resolving once they have all taken it, and hears of
 * theirs. Outside a cluster both do nothing.
 */
export function siblingWorkers(): Siblings {
  const listeners: (() => void)[] = [];
  if (!cluster.isWorker || !process.send) return { tell: () => Promise.resolve(), onChange: () => {} };
  const waiting = new Map<number, () => void>();
  let lastId = 0;
  process.on('message', (message: unknown) => {
    if (!isSiblingMessage(message)) return;
    if (message.type === CONTENT_CHANGE_SEEN) {
      waiting.get(message.id)?.();
      return;
    }
    for (const listener of listeners) listener();
    process.send?.({ type: CONTENT_CHANGE_SEEN, id: message.id } satisfies SiblingMessage);
  });
  return {
    onChange: (listener) => listeners.push(listener),
    tell: () =>
      new Promise<void>((resolve) => {
        lastId += 1;
        const id = lastId;
        const done = () => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve();
        };
        const timer = setTimeout(done, WAIT_MS);
        waiting.set(id, done);
        process.send?.({ type: CONTENT_CHANGED, id } satisfies SiblingMessage);
      }),
  };
}
