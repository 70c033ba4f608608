import { and, desc, gte, lt, type SQL, sql } from 'drizzle-orm';
import { SEARCH_WORDS_MAX } from '#rules/limits.ts';
import type { Db } from '#server/db/client.ts';
import { products, shops } from '#server/db/schema.ts';
import { listed, verifiedSeller } from '#server/shops/queries.ts';
import { COLLECT_THROUGH_INDEX, namedState, respell, type Spellings, setPlannerSettings, WALK_NEWEST_FIRST, wordMatches } from '#server/shops/search.ts';

export type FoundProduct = typeof products.$inferSelect & { shopName: string };

/**
 * A common word fills the list among the first bound's newest products; a word found there but too seldom is
 * walked on to the second; a rarer one is looked up in the index.
 */
const WALK_BOUNDS = [2_000, 16_000] as const;

/** Products whose name has every word, by the shops' search rules (docs/product.md §5); never a hidden shop's. */
function productFilter(q: string, verified: boolean, spellings?: Spellings): SQL | undefined {
  const read = namedState(q);
  const words = read.words.slice(0, SEARCH_WORDS_MAX);
  if (!words.length && !read.where) return undefined;
  const checked = verified ? verifiedSeller : undefined;
  return and(...words.map((word) => wordMatches(word, spellings, sql`lower(${products.name})`)), read.where, checked);
}

/**
 * Newest first. The planner cannot tell a common word from a rare one, so both plans are ours: the newest
 * products walked in order, then, when they hold too few, every match through the trigram index, sorted.
 */
async function productsMatching(db: Db, where: SQL, limit: number): Promise<FoundProduct[]> {
  return db.transaction(async (tx) => {
    const select = () =>
      tx
        .select({ product: products, shopName: shops.name })
        .from(products)
        .innerJoin(shops, and(listed, sql`${shops.id} = ${products.shopId}`));
    const newestFirst = [desc(products.createdAt), desc(products.id)];
    await setPlannerSettings(tx, WALK_NEWEST_FIRST);
    const rows: Awaited<ReturnType<typeof select>> = [];
    let newer: Date | undefined;
    for (const bound of WALK_BOUNDS) {
      // The longer walk only when the first one's matches promise a full list within it.
      if (newer && rows.length * (bound / WALK_BOUNDS[0]) < limit) break;
      // A bound on the walk, not a list of ids: a rare word must not walk every product in search of more.
      const [edge] = await tx
        .select({ at: products.createdAt })
        .from(products)
        .orderBy(...newestFirst)
        .offset(bound - 1)
        .limit(1);
      const within = and(where, edge ? gte(products.createdAt, edge.at) : undefined, newer ? lt(products.createdAt, newer) : undefined);
      rows.push(
        ...(await select()
          .where(within)
          .orderBy(...newestFirst)
          .limit(limit - rows.length)),
      );
      if (rows.length === limit || !edge) return rows.map(withShopName);
      newer = edge.at;
    }
    await setPlannerSettings(tx, COLLECT_THROUGH_INDEX);
    return (
      await select()
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
    ).map(withShopName);
  });
}

const withShopName = (row: { product: typeof products.$inferSelect; shopName: string }): FoundProduct => ({ ...row.product, shopName: row.shopName });

/** A query that finds nothing is read again as the known words it may have misspelt, as for shops. */
export async function searchProducts(db: Db, q: string, limit: number, verified = false): Promise<FoundProduct[]> {
  const exact = productFilter(q, verified);
  if (!exact) return [];
  const found = await productsMatching(db, exact, limit);
  if (found.length) return found;
  const spellings = await respell(db, q);
  return spellings ? productsMatching(db, productFilter(q, verified, spellings)!, limit) : [];
}
