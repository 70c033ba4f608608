/**
 * At most `size` pieces of work at once; the rest wait, holding only what they already have.
 *
 * Turns go to the request that started first (`since`), not to the image that arrived first: ten batches
 * of ten photos sent together then finish one after another, the first in about a tenth of the time,
 * instead of all ten at the very end, where the web tier's 30 s limit (SPEC §9) would fail every one.
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
      // Hand the turn straight to the next waiting piece of work, or give it back.
      const next = waiting.shift();
      if (next) next.go();
      else busy--;
    }
  };
}
