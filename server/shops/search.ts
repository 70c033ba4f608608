import { type AnyColumn, and, desc, eq, gt, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { SEARCH_WORDS_MAX } from '#rules/limits.ts';
import { readQuery, searchWords } from '#rules/search-words.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { searchWords as knownWords, shops } from '#server/db/schema.ts';
import { type PlainList, plainPage, plainSponsored } from './home-list';
import { countUpTo, forYouShops, listed, notSponsored, type ShopOrder, type ShopRow, selectShops, shopOrder, sponsoredShops, verifiedSeller } from './queries';

export type SearchFilter = {
  where: SQL;
  /** True when an index narrows the search: a category, or a word the trigram index can look up. */
  indexed: boolean;
  /** Several conditions: the planner multiplies their estimates as if independent, which they are not. */
  combined: boolean;
  /** The planner only guesses the matches of a word (from ANALYZE's sample) or of several conditions. */
  guessed: boolean;
  /** A state or verified sellers: walking newest first, only those shops are read (shops_state_created_idx; the checks' small indexes). */
  scope: SQL | undefined;
  /** Every word in the shop's name, category or product names: such shops list first (docs/product.md §5). */
  nameMatch: SQL | undefined;
  /** Verified sellers only, and nothing else: a list whose statements are built once (home-list.ts). */
  plain: PlainList | undefined;
};

/** LIKE treats % and _ as wildcards; a search for "50%" must look for those characters. */
function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Characters a PostgreSQL regular expression gives a meaning to: a search for "c++" must look for them. */
function regexEscape(term: string): string {
  return term.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);
}

/** pg_trgm builds trigrams from runs of letters and digits only: a shorter word gives the index nothing to look up. */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** Shorter words are too often a typo of some other word to be read as one. */
const TYPO_WORD_MIN = 4;

/**
 * Whether a word may be read allowing typos. A replacement character is what is left of a broken address,
 * never typed: trigrams would skip it and read "rice\uFFFD" as "rice", so such a word must match as written.
 */
function mayBeMisspelt(term: string): boolean {
  return [...term].length >= TYPO_WORD_MIN && HAS_TRIGRAM.test(term) && !term.includes('\uFFFD');
}

/** For each word a query may have misspelt, the known words it may have meant. */
export type Spellings = Map<string, string[]>;

/** The known words nearest each one a query may have misspelt; only as many as this are tried for each. */
const SPELLINGS_PER_WORD = 3;
/** Shared trigrams over all: "baloogun" and "balogun" share most, "ices" and "prices" too few. */
const SPELLING_SIMILARITY_MIN = 0.5;

/**
 * The known words (search_words) near each word of `q` that is not one itself: a typo is looked up in the
 * list of words, then searched for as those words, so no shop's whole text is compared letter by letter
 * (docs/decisions/071-typos-through-a-word-list.md). Null when no word has a likely spelling.
 */
export async function respell(db: Db, q: string | undefined): Promise<Spellings | null> {
  const terms = searchWords(q ?? '').filter(mayBeMisspelt);
  if (!terms.length) return null;
  const lowered = terms.map((term) => term.toLowerCase());
  // One query for every word: each looks up its nearest known words through search_words_trgm_idx.
  const { rows } = (await db.execute(sql`
    select asked.at, near.word
    from unnest(${sql.param(lowered)}::text[]) with ordinality as asked(term, at)
    cross join lateral (
      select ${knownWords.word} as word from ${knownWords}
      where ${knownWords.word} % asked.term and similarity(${knownWords.word}, asked.term) >= ${SPELLING_SIMILARITY_MIN}
      order by ${knownWords.word} <-> asked.term, ${knownWords.word}
      limit ${SPELLINGS_PER_WORD}
    ) as near
    order by asked.at`)) as unknown as { rows: { at: number | string; word: string }[] };
  const spellings: Spellings = new Map();
  terms.forEach((term, index) => {
    const spelt = rows.filter((row) => Number(row.at) === index + 1).map((row) => row.word);
    // A word that exists is no typo: reading it as another would change what was asked.
    if (spelt.length && !spelt.includes(lowered[index]!)) spellings.set(term, spelt);
  });
  return spellings.size ? spellings : null;
}

/**
 * Where a shop's search text keeps its name, category and product names: before the unit separator that
 * parts them from the rest (migration 0020), which no stored text holds.
 */
const NAME_PART = '^[^\u001f]*';

/**
 * A word found where a word of the shop's text begins ("rice" in "rice sellers", not in "prices"), which
 * pg_trgm's index answers for regular expressions as it does for LIKE; or any of its `spellings`.
 * `search_text` is stored lower-cased. `within` narrows the text to the part a regular expression starts.
 */
export function wordMatches(term: string, spellings: Spellings | undefined, text: SQL | AnyColumn = shops.searchText, within = ''): SQL {
  const near = spellings?.get(term);
  if (near) return or(...[term, ...near].map((spelling) => wordMatches(spelling, undefined, text, within)))!;
  const start = /^[\p{L}\p{N}_]/u.test(term) ? '\\m' : '(^|[^[:alnum:]])';
  return sql`${text} ~ lower(${within + start + regexEscape(term)})`;
}

/** The state a query names, as a condition on `shops` (docs/product.md §5); the words left to find. */
export function namedState(q: string): { words: string[]; where: SQL | undefined } {
  const read = readQuery(q);
  if (!read.state) return { words: read.words, where: undefined };
  const { name, words } = read.state;
  // The state is in the search text too (migration 0020), so the trigram index narrows the shops to those
  // naming it; a shop that names no state is found by the name in its address.
  const inText = and(...words.map((word) => wordMatches(word, undefined)));
  return { words: read.words, where: sql`(${inText} and (${shops.state} = ${name} or ${shops.state} is null))` };
}

/** What a list asks for: words, a category, a state, verified sellers only. */
export type ListAsked = { q?: string; category?: string; state?: string; verified?: boolean };

/**
 * Every word must begin a word of the shop's text, in any case, and a state's name means that state
 * (docs/product.md §5). With `spellings`, a misspelt word may be any of the words it may have meant.
 */
export function searchFilter({ q, category, state, verified }: ListAsked, spellings?: Spellings): SearchFilter | undefined {
  const read = state ? { words: searchWords(q ?? ''), where: undefined } : namedState(q ?? '');
  const named = read.where;
  const terms = read.words.slice(0, SEARCH_WORDS_MAX);
  const filters = terms.map((term) => wordMatches(term, spellings));
  if (named) filters.push(named);
  const wantedCategory = category?.trim();
  if (wantedCategory) filters.push(sql`lower(${shops.category}) = lower(${wantedCategory})`);
  const inState = state ? eq(shops.state, state) : undefined;
  const checked = verified ? verifiedSeller : undefined;
  if (inState) filters.push(inState);
  if (checked) filters.push(checked);
  if (!filters.length) return undefined;
  return {
    where: and(...filters)!,
    indexed: Boolean(wantedCategory) || Boolean(state) || Boolean(named) || Boolean(verified) || terms.some((term) => HAS_TRIGRAM.test(term)),
    combined: filters.length > 1,
    guessed: terms.length > 0 || filters.length > 1,
    scope: inState || checked ? and(inState, checked) : undefined,
    nameMatch: terms.length ? and(...terms.map((term) => wordMatches(term, spellings, shops.searchText, NAME_PART))) : undefined,
    plain: checked && filters.length === 1 ? 'verified' : undefined,
  };
}

type PlannerSetting = 'enable_seqscan' | 'enable_indexscan' | 'enable_bitmapscan' | 'enable_sort';

/** Every match through an index (trigram or category), so collecting stops after enough of them however rare they are. */
export const COLLECT_THROUGH_INDEX = { enable_seqscan: 'off', enable_indexscan: 'off', enable_bitmapscan: 'on', enable_sort: 'on' } as const;
/** Newest first along `shops_created_idx`, keeping the matches: any other plan sorts every match. */
export const WALK_NEWEST_FIRST = { enable_seqscan: 'off', enable_bitmapscan: 'off', enable_sort: 'off', enable_indexscan: 'on' } as const;

const DEFAULT_PLANS = { enable_seqscan: 'on', enable_indexscan: 'on', enable_bitmapscan: 'on', enable_sort: 'on' } as const;

/** For the rest of the transaction: the planner's guess for several words can walk the whole table. */
export async function setPlannerSettings(tx: Tx, settings: Partial<Record<PlannerSetting, 'on' | 'off'>>) {
  const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

export type ForYouPage = {
  /** Up to `limit + 1` shops: one more than the page tells that another page exists. */
  shops: ShopRow[];
  /** Matches, counted up to `cap + 1`. */
  matches: number;
};

export type PageOptions = { now: Date; limit: number; offset: number; cap: number; order?: ShopOrder };

async function countMatches(db: Db, where: SQL | undefined, now: Date, cap: number): Promise<number> {
  const [row] = await countUpTo(db, where, now, cap + 1);
  return row?.count ?? 0;
}

/** Past this many collected matches, walking the shops in order is cheaper than sorting the matches. */
const WALK_AFTER_MATCHES = 400;

/** Several conditions first walk this many of the newest shops: common phrases fill a page there. */
const WALK_FIRST_ROWS = 2_000;
/** The walk goes on past this many only if their matches promise a page within WALK_FIRST_ROWS. */
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

/** The shops sponsored now that `filter` lets through, those meeting its words first. */
export function sponsoredPage(db: Db, filter: SearchFilter | undefined, now: Date, limit: number): Promise<ShopRow[]> {
  if (!filter || filter.plain) return plainSponsored(db, filter?.plain ?? 'all', now, limit);
  return sponsoredShops(db, filter.where, now, limit, filter.nameMatch);
}

/**
 * A page of the shops not sponsored now, and how many match (up to `cap + 1`): first those holding every
 * word in their name, category or product names, then the others, each part in the list's order
 * (docs/product.md §5). Filters the planner may misjudge are walked or collected by our code:
 * docs/decisions/002-search-without-counting-every-match.md.
 */
export async function forYouPage(db: Db, filter: SearchFilter | undefined, options: PageOptions): Promise<ForYouPage> {
  if (!filter || filter.plain) return plainPage(db, filter?.plain ?? 'all', options);
  if (!filter.nameMatch) return (await listPage(db, filter, options))!;
  return (await listPage(db, filter, options, filter.nameMatch)) ?? twoParts(db, filter, filter.nameMatch, options);
}

/** Too many matches to rank at once: the first part's page, then the second's from where the first ends. */
async function twoParts(db: Db, filter: SearchFilter, first: SQL, options: PageOptions): Promise<ForYouPage> {
  const { offset, limit, cap } = options;
  const part = (where: SQL): SearchFilter => ({ ...filter, where, combined: true, guessed: true });
  const named = (await listPage(db, part(and(filter.where, first)!), options))!;
  // Past the cap only a page cut short tells where the first part ends; an empty one needs counting.
  let namedCount = named.matches;
  if (named.matches > cap && named.shops.length <= limit) {
    namedCount = named.shops.length ? offset + named.shops.length : await countMatches(db, and(filter.where, first), options.now, offset);
  }
  if (named.shops.length > limit && named.matches > cap) return named;
  const rest = (await listPage(db, part(and(filter.where, not(first))!), {
    ...options,
    offset: Math.max(0, offset - namedCount),
    limit: Math.max(0, limit - named.shops.length),
    cap: Math.max(0, cap - namedCount),
  }))!;
  return { shops: [...named.shops, ...rest.shops].slice(0, limit + 1), matches: Math.min(namedCount + rest.matches, cap + 1) };
}

/**
 * A page of the shops not sponsored now, and how many match (up to `cap + 1`); with `first`, the shops
 * meeting it come first, or null when there are too many matches to rank in one go.
 */
async function listPage(db: Db, filter: SearchFilter, options: PageOptions, first?: SQL): Promise<ForYouPage | null> {
  const { now, limit, offset, cap, order = 'newest' } = options;
  if (!filter.indexed || !filter.guessed) {
    if (first) return null;
    const [page, matches] = await Promise.all([forYouShops(db, filter.where, now, limit + 1, offset, order), countMatches(db, filter.where, now, cap)]);
    return { shops: page, matches };
  }
  return db.transaction(async (tx) => {
    await setPlannerSettings(tx, WALK_NEWEST_FIRST);
    const wanted = Math.max(offset + limit + 1, cap + 1);
    // A page the first part fills among the newest shops needs no second part.
    const newest = await walkNewest(tx, first ? { ...filter, where: and(filter.where, first)! } : filter, now, wanted, order);
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
            .orderBy(...(first ? [sql`${first} desc`] : []), ...shopOrder(order))
            .limit(limit + 1)
            .offset(offset)
        : [];
      return { shops: page, matches };
    }
    if (first) return null;
    await setPlannerSettings(tx, WALK_NEWEST_FIRST);
    return { shops: await forYouShops(tx, filter.where, now, limit + 1, offset, order), matches };
  });
}

export type Suggestion = { id: string; name: string; category: string };

/** Up to this many matches are simply sorted; past it, each group is read through its own index. */
const SUGGEST_SORT_UP_TO = 100;

/**
 * Live suggestions: names starting with what was typed, then shops sponsored now, then the newest. A common
 * word reads each group through its own index instead of sorting every match.
 */
export async function suggestShops(db: Db, q: string, limit: number): Promise<Suggestion[]> {
  const found = await suggestMatching(db, q, limit);
  if (found.length) return found;
  const spellings = await respell(db, q);
  return spellings ? suggestMatching(db, q, limit, spellings) : [];
}

async function suggestMatching(db: Db, q: string, limit: number, spellings?: Spellings): Promise<Suggestion[]> {
  const filter = searchFilter({ q }, spellings);
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
