import { NIGERIAN_STATES, type NigerianState } from './states.ts';

/** A query's words as the search reads them (docs/product.md §5: every word must match), so both tiers count them alike. */
export function searchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean);
}

/** Each state as its words, lower-cased; "Abuja (FCT)" answers to "abuja" and to "fct". */
const STATE_WORDS: [string[], NigerianState][] = NIGERIAN_STATES.flatMap((state): [string[], NigerianState][] =>
  state === 'Abuja (FCT)'
    ? [
        [['abuja'], state],
        [['fct'], state],
      ]
    : [[state.toLowerCase().split(' '), state]],
);

export type ReadQuery = {
  /** The words left to find in the shops' text. */
  words: string[];
  /** The state named in the query, and the words that named it. */
  state?: { name: NigerianState; words: string[] };
};

/**
 * A query's words with the first state it names taken out (docs/product.md §5): "rice lagos" is rice in
 * Lagos state. Two-word states ("Akwa Ibom") are looked for before one-word ones.
 */
export function readQuery(q: string): ReadQuery {
  const words = searchWords(q);
  const lower = words.map((word) => word.toLowerCase());
  for (const length of [2, 1]) {
    for (let at = 0; at + length <= words.length; at++) {
      const found = STATE_WORDS.find(([named]) => named.length === length && named.every((word, i) => word === lower[at + i]));
      if (found) {
        return { words: [...words.slice(0, at), ...words.slice(at + length)], state: { name: found[1], words: words.slice(at, at + length) } };
      }
    }
  }
  return { words };
}
