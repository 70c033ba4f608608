import { and, asc, desc, eq, getTableColumns, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { products, shops, users } from '../db/schema';

const { searchText: _searchText, ...shopColumns } = getTableColumns(shops);
const shopWithOwnerColumns = { ...shopColumns, ownerPhone: users.phoneNumber, ownerJoined: users.dateJoined };

export type ShopRow = Omit<typeof shops.$inferSelect, 'searchText'> & { ownerPhone: string; ownerJoined: Date };

/** LIKE treats % and _ as wildcards; a search for "50%" must look for those characters. */
function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** SPEC §5: every word must appear in the shop's text (name, description, category, address, tags, product names). */
export function searchFilter(q: string | undefined, category: string | undefined): SQL | undefined {
  const terms = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const filters = terms.map((term) => ilike(shops.searchText, `%${likeEscape(term)}%`));
  if (category?.trim()) filters.push(sql`lower(${shops.category}) = ${category.trim().toLowerCase()}`);
  return filters.length ? and(...filters) : undefined;
}

function selectShops(db: Db | Tx) {
  return db.select(shopWithOwnerColumns).from(shops).innerJoin(users, eq(users.id, shops.ownerId));
}

export async function findShop(db: Db | Tx, id: string): Promise<ShopRow | undefined> {
  const [shop] = await selectShops(db).where(eq(shops.id, id)).limit(1);
  return shop;
}

export function shopsOfOwner(db: Db, ownerId: string): Promise<ShopRow[]> {
  return selectShops(db).where(eq(shops.ownerId, ownerId)).orderBy(desc(shops.createdAt), desc(shops.id));
}

export function sponsoredShops(db: Db, filter: SQL | undefined, now: Date, limit: number): Promise<ShopRow[]> {
  return selectShops(db)
    .where(and(gt(shops.sponsoredUntil, now), filter))
    .orderBy(desc(shops.sponsoredUntil), desc(shops.id))
    .limit(limit);
}

function notSponsored(now: Date) {
  return or(isNull(shops.sponsoredUntil), lte(shops.sponsoredUntil, now));
}

export function forYouShops(db: Db, filter: SQL | undefined, now: Date, limit: number, offset: number): Promise<ShopRow[]> {
  return selectShops(db)
    .where(and(notSponsored(now), filter))
    .orderBy(desc(shops.createdAt), desc(shops.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Counting every match of a common word means reading a third of the table on each request, so the
 * count stops at `cap + 1`: exact up to `cap`, and "more than `cap`" beyond.
 */
export async function countForYou(db: Db, filter: SQL | undefined, now: Date, cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(shops)
    .where(and(notSponsored(now), filter))
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matches);
  return row?.count ?? 0;
}

/** Products of several shops in one query, grouped by shop id, oldest first as the owner added them. */
export async function productsByShop(db: Db | Tx, shopIds: string[]) {
  const grouped = new Map<string, (typeof products.$inferSelect)[]>(shopIds.map((id) => [id, []]));
  if (!shopIds.length) return grouped;
  const rows = await db.select().from(products).where(inArray(products.shopId, shopIds)).orderBy(asc(products.createdAt), asc(products.id));
  for (const row of rows) grouped.get(row.shopId)?.push(row);
  return grouped;
}
