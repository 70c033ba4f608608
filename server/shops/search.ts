import { and, desc, eq, gt, inArray, not, type SQL, sql } from 'drizzle-orm';
import { SEARCH_WORDS_MAX } from '#rules/limits.ts';
import { searchWords } from '#rules/search-words.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { shops } from '#server/db/schema.ts';
import { forYouShops, listed, notSponsored, type ShopOrder, type ShopRow, selectShops, shopOrder } from './queries';

export type SearchFilter = {
  where: SQL;
  /** True when an index narrows the search: a category, or a word the trigram index can look up. */
  indexed: boolean;
  /**
   * Several conditions (words, or a word and a category). The planner multiplies their estimates as if
   * independent, which they are not.
   */
  combined: boolean;
  /**
   * The planner can only guess how many shops match: a word (its estimate comes from ANALYZE's random
   * sample, and can be a hundred times off) or several conditions. A category or a state alone it counts well.
   */
  guessed: boolean;
  /** The state, when one is named: walking newest first, shops_state_created_idx reads that state's shops alone. */
  scope: SQL | undefined;
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
export function searchFilter(q: string | undefined, category: string | undefined, state?: string): SearchFilter | undefined {
  const terms = searchWords(q ?? '').slice(0, SEARCH_WORDS_MAX);
  const filters = terms.map((term) => sql`${shops.searchText} like lower(${`%${likeEscape(term)}%`})`);
  const wantedCategory = category?.trim();
  if (wantedCategory) filters.push(sql`lower(${shops.category}) = lower(${wantedCategory})`);
  if (state) filters.push(eq(shops.state, state));
  if (!filters.length) return undefined;
  return {
    where: and(...filters)!,
    indexed: Boolean(wantedCategory) || Boolean(state) || terms.some((term) => HAS_TRIGRAM.test(term)),
    combined: filters.length > 1,
    guessed: terms.length > 0 || filters.length > 1,
    scope: state ? eq(shops.state, state) : undefined,
  };
}

type PlannerSetting = 'enable_seqscan' | 'enable_indexscan' | 'enable_bitmapscan' | 'enable_sort';

/** Every match through an index (trigram or category), so collecting stops after enough of them however rare they are. */
const COLLECT_THROUGH_INDEX = { enable_seqscan: 'off', enable_indexscan: 'off', enable_bitmapscan: 'on', enable_sort: 'on' } as const;
/** Newest first along `shops_created_idx`, keeping the matches: any other plan sorts every match. */
const WALK_NEWEST_FIRST = { enable_seqscan: 'off', enable_bitmapscan: 'off', enable_sort: 'off', enable_indexscan: 'on' } as const;

/** The planner's own choice again, for a query whose estimates are sound. */
const DEFAULT_PLANS = { enable_seqscan: 'on', enable_indexscan: 'on', enable_bitmapscan: 'on', enable_sort: 'on' } as const;

/**
 * Steers the planner for the rest of the transaction. Its row estimates for several words multiply as if
 * the words were independent, and they are not ("blood pressure monitor" always come together, "lagos
 * kano" almost never): a wrong guess costs a walk of the whole table or a sort of every match, 100–300 ms
 * at 100,000 shops. Which plan is right is known once the matches have been counted, so the code chooses.
 */
async function setPlannerSettings(tx: Tx, settings: Partial<Record<PlannerSetting, 'on' | 'off'>>) {
  const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

export type ForYouPage = {
  /** Up to `limit + 1` shops: one more than the page tells that another page exists. */
  shops: ShopRow[];
  /** Matches, counted up to `cap + 1`. */
  matches: number;
};

type PageOptions = { now: Date; limit: number; offset: number; cap: number; order?: ShopOrder };

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
 * Combined conditions are collected up to this many matches to choose between sorting them and walking.
 * Collecting costs about 10 µs a match (each row's text checked against every word); walking costs about
 * 1 µs a row and reads 25 / (share of shops that match) rows for a page: at 100,000 shops the two meet
 * near 400, where either takes a few milliseconds.
 */
const WALK_AFTER_MATCHES = 400;

/**
 * Several conditions first walk at most this many of the newest shops, keeping the matches. Common
 * phrases ("blood pressure monitor": 6 % of 100,000 shops) fill a page and the count within it in about
 * 2 ms, where collecting them through the index built a bitmap of every match first (6 ms).
 */
const WALK_FIRST_ROWS = 2_000;
/**
 * The walk looks at this many first and goes on only if their matches promise what it needs within
 * WALK_FIRST_ROWS: words that rarely meet ("lagos kano") go to the index at once.
 */
const WALK_PROBE_ROWS = 250;

/** The first `wanted` matches among `rows` shops not sponsored now, in the list's order, after skipping `skip`. */
async function newestMatches(
  tx: Tx,
  filter: SearchFilter,
  now: Date,
  rows: { skip: number; take: number },
  wanted: number,
  order: ShopOrder,
): Promise<string[]> {
  const recent = tx
    .select({
      id: shops.id,
      createdAt: shops.createdAt,
      ratingAverage: shops.ratingAverage,
      ratingCount: shops.ratingCount,
      hit: sql<boolean>`${filter.where}`.as('hit'),
    })
    .from(shops)
    .where(and(notSponsored(now), order === 'newest' ? filter.scope : undefined))
    .orderBy(...shopOrder(order))
    .offset(rows.skip)
    .limit(rows.take)
    .as('recent');
  const found = await tx
    .select({ id: recent.id })
    .from(recent)
    .where(sql`${recent.hit}`)
    .orderBy(...shopOrder(order, recent))
    .limit(wanted);
  return found.map((row) => row.id);
}

/** The first `wanted` matches among the WALK_FIRST_ROWS first shops in the list's order, or null when they are not all there. */
async function walkNewest(tx: Tx, filter: SearchFilter, now: Date, wanted: number, order: ShopOrder): Promise<string[] | null> {
  const probed = await newestMatches(tx, filter, now, { skip: 0, take: WALK_PROBE_ROWS }, wanted, order);
  if (probed.length === wanted) return probed;
  if (probed.length * (WALK_FIRST_ROWS / WALK_PROBE_ROWS) < wanted) return null;
  const rest = await newestMatches(tx, filter, now, { skip: WALK_PROBE_ROWS, take: WALK_FIRST_ROWS - WALK_PROBE_ROWS }, wanted - probed.length, order);
  return probed.length + rest.length === wanted ? [...probed, ...rest] : null;
}

/**
 * One page of the shops that are not sponsored now, newest (or best rated) first, and how many match (up to `cap + 1`).
 *
 * No filter, none an index can narrow, or one the planner counts well (a category or a state alone): its
 * own plans, page and count side by side. Otherwise its guess can be far off, and a wrong one walks
 * the whole table. So the newest shops are walked first (WALK_FIRST_ROWS), which answers common words
 * outright. Otherwise the matches are collected through the index, stopping after WALK_AFTER_MATCHES.
 * Few: the page is sorted from those ids alone. Many: walking the shops newest first and keeping the
 * matches fills a page after a few thousand rows at most. Either way the work stays small, whatever the
 * planner would have guessed.
 */
export async function forYouPage(db: Db, filter: SearchFilter | undefined, options: PageOptions): Promise<ForYouPage> {
  const { now, limit, offset, cap, order = 'newest' } = options;
  if (!filter?.indexed || !filter.guessed) {
    const [page, matches] = await Promise.all([forYouShops(db, filter?.where, now, limit + 1, offset, order), countUpTo(db, filter?.where, now, cap)]);
    return { shops: page, matches };
  }
  return db.transaction(async (tx) => {
    await setPlannerSettings(tx, WALK_NEWEST_FIRST);
    const wanted = Math.max(offset + limit + 1, cap + 1);
    const newest = await walkNewest(tx, filter, now, wanted, order);
    if (newest) {
      const ids = newest.slice(offset, offset + limit + 1);
      // A few ids: found by key and sorted, which the walk's settings would refuse.
      await setPlannerSettings(tx, DEFAULT_PLANS);
      const page = await selectShops(tx)
        .where(inArray(shops.id, ids))
        .orderBy(...shopOrder(order));
      return { shops: page, matches: cap + 1 };
    }
    await setPlannerSettings(tx, COLLECT_THROUGH_INDEX);
    const matching = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(and(notSponsored(now), filter.where))
      .limit(Math.max(cap, WALK_AFTER_MATCHES) + 1);
    const matches = Math.min(matching.length, cap + 1);
    if (matching.length <= WALK_AFTER_MATCHES) {
      const page = matching.length
        ? await selectShops(tx)
            .where(
              inArray(
                shops.id,
                matching.map((row) => row.id),
              ),
            )
            .orderBy(...shopOrder(order))
            .limit(limit + 1)
            .offset(offset)
        : [];
      return { shops: page, matches };
    }
    await setPlannerSettings(tx, WALK_NEWEST_FIRST);
    return { shops: await forYouShops(tx, filter.where, now, limit + 1, offset, order), matches };
  });
}

export type Suggestion = { id: string; name: string; category: string };

/** Up to this many matches are simply sorted; past it, each group is read through its own index. */
const SUGGEST_SORT_UP_TO = 100;

/**
 * Up to `limit` shops for the live suggestions: names that start with what was typed first, then the
 * shops sponsored now, then the newest. A rare word orders its few matches directly; a common one is
 * answered from the three groups in turn, each read through an index, instead of sorting every match.
 */
export async function suggestShops(db: Db, q: string, limit: number): Promise<Suggestion[]> {
  const filter = searchFilter(q, undefined);
  if (!filter) return [];
  const where = and(filter.where, listed)!;
  const now = new Date();
  const startsWith = sql`lower(${shops.name}) like lower(${`${likeEscape(q.trim())}%`})`;
  const sponsoredNow = gt(shops.sponsoredUntil, now);
  const columns = { id: shops.id, name: shops.name, category: shops.category };
  const newestFirst = [desc(shops.createdAt), desc(shops.id)];
  return db.transaction(async (tx) => {
    if (filter.indexed && filter.combined) await setPlannerSettings(tx, COLLECT_THROUGH_INDEX);
    const matching = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(where)
      .limit(SUGGEST_SORT_UP_TO + 1);
    if (matching.length <= SUGGEST_SORT_UP_TO) {
      if (!matching.length) return [];
      return tx
        .select(columns)
        .from(shops)
        .where(
          inArray(
            shops.id,
            matching.map((row) => row.id),
          ),
        )
        .orderBy(sql`${startsWith} desc`, sql`coalesce(${sponsoredNow}, false) desc`, ...newestFirst)
        .limit(limit);
    }
    await setPlannerSettings(tx, DEFAULT_PLANS);
    const found = await tx
      .select(columns)
      .from(shops)
      .where(and(where, startsWith))
      .orderBy(sql`coalesce(${sponsoredNow}, false) desc`, ...newestFirst)
      .limit(limit);
    if (found.length < limit) {
      found.push(
        ...(await tx
          .select(columns)
          .from(shops)
          .where(and(where, sponsoredNow, not(startsWith)))
          .orderBy(...newestFirst)
          .limit(limit - found.length)),
      );
    }
    if (found.length < limit) {
      await setPlannerSettings(tx, WALK_NEWEST_FIRST);
      found.push(
        ...(await tx
          .select(columns)
          .from(shops)
          .where(and(where, notSponsored(now), not(startsWith)))
          .orderBy(...newestFirst)
          .limit(limit - found.length)),
      );
    }
    return found;
  });
}
