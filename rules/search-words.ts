/** A query's words as the search reads them (docs/product.md §5: every word must match), so both tiers count them alike. */
export function searchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean);
}
