import { and, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { shops } from '../db/schema';
import { forYouShops, notSponsored, selectShops, type ShopRow } from './queries';

const MAX_TERMS = 8;

export type SearchFilter = {
  where: SQL;
  /** True when an index narrows the search: a category, or a word the trigram index can look up. */
  indexed: boolean;
};

/** LIKE treats % and _ as wildcards; a search for "50%" must look for those characters. */
function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** pg_trgm builds trigrams from runs of letters and digits only: a shorter word gives the index nothing to look up. */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

/**
 * SPEC §5: every word must appear in the shop's text (name, description, category, address, tags, product
 * names), in any letter case. `search_text` is stored lower-cased by the triggers, so a plain LIKE against
 * the word lower-cased by the same `lower()` matches case-insensitively, at a quarter of ILIKE's cost
 * (ILIKE lower-cases every row's text again).
 */
export function searchFilter(q: string | undefined, category: string | undefined): SearchFilter | undefined {
  const terms = (q ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
  const filters = terms.map((term) => sql`${shops.searchText} like lower(${`%${likeEscape(term)}%`})`);
  const wantedCategory = category?.trim();
  if (wantedCategory) filters.push(sql`lower(${shops.category}) = lower(${wantedCategory})`);
  if (!filters.length) return undefined;
  return { where: and(...filters)!, indexed: Boolean(wantedCategory) || terms.some((term) => HAS_TRIGRAM.test(term)) };
}

/**
 * Steers the planner for the rest of the transaction. Its row estimates for several words multiply as if
 * the words were independent, and they are not ("blood pressure monitor" all come together, "lagos kano"
 * almost never): a wrong guess costs a full table walk or a sort of every match, 100–300 ms at 100,000
 * shops. Which plan is right is known once the matches have been counted, so the code chooses.
 */
async function usePlans(tx: Tx, plans: { seqscan: boolean; indexscan: boolean; bitmapscan: boolean }) {
  const setting = (on: boolean) => (on ? 'on' : 'off');
  await tx.execute(sql`select set_config('enable_seqscan', ${setting(plans.seqscan)}, true),
    set_config('enable_indexscan', ${setting(plans.indexscan)}, true),
    set_config('enable_bitmapscan', ${setting(plans.bitmapscan)}, true)`);
}

export type ForYouPage = {
  /** Up to `limit + 1` shops: one more than the page tells that another page exists. */
  shops: ShopRow[];
  /** Matches, counted up to `cap + 1`. */
  matches: number;
};

type PageOptions = { now: Date; limit: number; offset: number; cap: number };

async function countUpTo(db: Db | Tx, where: SQL | undefined, now: Date, cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(shops)
    .where(and(notSponsored(now), where))
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matches);
  return row?.count ?? 0;
}

/**
 * One page of the shops that are not sponsored now, newest first, and how many match (up to `cap + 1`).
 *
 * With an indexed filter, the matches are first collected through the index, stopping at `cap + 1`.
 * Few matches (a rare word): the page is sorted from those ids alone. Many: the word is common, so walking
 * the shops newest first and keeping the matches fills a page after a few hundred rows. Either way the work
 * stays near `cap` rows, whatever the planner would have guessed.
 */
export async function forYouPage(db: Db, filter: SearchFilter | undefined, options: PageOptions): Promise<ForYouPage> {
  const { now, limit, offset, cap } = options;
  if (!filter?.indexed) {
    // No words (the home page) or only short ones: the newest-first index walk is the right plan and the planner takes it.
    const [page, matches] = await Promise.all([
      forYouShops(db, filter?.where, now, limit + 1, offset),
      countUpTo(db, filter?.where, now, cap),
    ]);
    return { shops: page, matches };
  }
  return db.transaction(async (tx) => {
    await usePlans(tx, { seqscan: false, indexscan: false, bitmapscan: true });
    const matching = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(and(notSponsored(now), filter.where))
      .limit(cap + 1);
    if (matching.length <= cap) {
      const page = matching.length
        ? await selectShops(tx)
            .where(inArray(shops.id, matching.map((row) => row.id)))
            .orderBy(desc(shops.createdAt), desc(shops.id))
            .limit(limit + 1)
            .offset(offset)
        : [];
      return { shops: page, matches: matching.length };
    }
    await usePlans(tx, { seqscan: false, indexscan: true, bitmapscan: false });
    return { shops: await forYouShops(tx, filter.where, now, limit + 1, offset), matches: matching.length };
  });
}
