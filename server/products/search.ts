import { and, desc, type SQL, sql } from 'drizzle-orm';
import { SEARCH_WORDS_MAX } from '#rules/limits.ts';
import type { Db } from '#server/db/client.ts';
import { products, shops } from '#server/db/schema.ts';
import { listed } from '#server/shops/queries.ts';
import { mayHaveTypos, namedState, wordMatches } from '#server/shops/search.ts';

export type FoundProduct = typeof products.$inferSelect & { shopName: string };

/** Products whose name has every word, by the shops' search rules (docs/product.md §5); never a hidden shop's. */
function productFilter(q: string, typos: boolean): SQL | undefined {
  const read = namedState(q);
  const words = read.words.slice(0, SEARCH_WORDS_MAX);
  if (!words.length && !read.where) return undefined;
  return and(...words.map((word) => wordMatches(word, typos, sql`lower(${products.name})`)), read.where);
}

async function productsMatching(db: Db, where: SQL, limit: number): Promise<FoundProduct[]> {
  const rows = await db
    .select({ product: products, shopName: shops.name })
    .from(products)
    .innerJoin(shops, and(listed, sql`${shops.id} = ${products.shopId}`))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.product, shopName: row.shopName }));
}

/** Newest first; a query that finds nothing is read again allowing typos, as for shops. */
export async function searchProducts(db: Db, q: string, limit: number): Promise<FoundProduct[]> {
  const exact = productFilter(q, false);
  if (!exact) return [];
  const found = await productsMatching(db, exact, limit);
  if (found.length || !mayHaveTypos(q)) return found;
  return productsMatching(db, productFilter(q, true)!, limit);
}
