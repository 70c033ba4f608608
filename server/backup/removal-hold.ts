import type { MediaStorage } from '#server/media/media-storage.ts';

/** Ends a hold: the removals it kept waiting run then, once no other hold remains. Never throws. */
export type ReleaseRemovals = () => Promise<void>;

export type RemovalHold = {
  /** Its removals wait while a hold lasts. */
  storage: MediaStorage;
  hold(): ReleaseRemovals;
};

declare module 'fastify' {
  interface FastifyInstance {
    removals: RemovalHold;
  }
}

/** A photo removed after a backup's snapshot must still be there to copy: docs/decisions/049-backups-hold-photo-removals.md. */
export function holdableRemovals(storage: MediaStorage, failed: (error: unknown, keys: string[]) => void): RemovalHold {
  let holds = 0;
  let waiting: string[] = [];
  return {
    storage: {
      shared: storage.shared,
      put: (key, data, contentType) => storage.put(key, data, contentType),
      async remove(keys) {
        if (holds > 0) waiting.push(...keys);
        else await storage.remove(keys);
      },
      open: (key) => storage.open(key),
      list: () => storage.list(),
      check: () => storage.check(),
    },
    hold() {
      holds++;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        holds--;
        if (holds > 0 || !waiting.length) return;
        const keys = waiting;
        waiting = [];
        // Their rows are long gone and the backup is taken: a failure is worth a log line, not an error.
        await storage.remove(keys).catch((error: unknown) => failed(error, keys));
      };
    },
  };
}
