import cluster from 'node:cluster';
import type { Siblings } from '#web-server/cache/site-cache.ts';

// A write must empty every worker's memory before its answer leaves, or the writer could see the old page.
export const CONTENT_CHANGED = 'kasuwa:content-changed';
export const CONTENT_CHANGE_SEEN = 'kasuwa:content-change-seen';

export type SiblingMessage = { type: typeof CONTENT_CHANGED | typeof CONTENT_CHANGE_SEEN; id: number };

export function isSiblingMessage(message: unknown): message is SiblingMessage {
  const { type, id } = (message ?? {}) as Partial<SiblingMessage>;
  return (type === CONTENT_CHANGED || type === CONTENT_CHANGE_SEEN) && typeof id === 'number';
}

// A stuck sibling's shared pages expire within PUBLIC_CACHE_SECONDS anyway.
const WAIT_MS = 1000;

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
