/**
 * Turns go to the request that started first, so batches sent together finish one after another rather
 * than all at the end, past the web tier's time limit (docs/product.md §9).
 */
export function imageTurns(size: number) {
  let busy = 0;
  // Kept in order of `since`; equal ones in order of arrival.
  const waiting: { since: number; go: () => void }[] = [];

  return async function inTurn<T>(since: number, work: () => Promise<T>): Promise<T> {
    if (busy < size) busy++;
    else {
      await new Promise<void>((go) => {
        const after = waiting.findIndex((entry) => entry.since > since);
        waiting.splice(after === -1 ? waiting.length : after, 0, { since, go });
      });
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next.go();
      else busy--;
    }
  };
}
