import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lte, or, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { STALL_VISIT_DAYS } from '#rules/limits.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { products, shops, users } from '#server/db/schema.ts';

const { searchText: _searchText, ...shopColumns } = getTableColumns(shops);
const lowestPrice = sql<number | null>`(select min(${products.price}) from ${products} where ${products.shopId} = ${shops.id})`.mapWith(Number);
const shopWithOwnerColumns = { ...shopColumns, ownerPhone: users.phoneNumber, ownerJoined: users.dateJoined, lowestPrice };

export type ShopRow = Omit<typeof shops.$inferSelect, 'searchText'> & { ownerPhone: string; ownerJoined: Date; lowestPrice: number | null };

/** A statement's value, or the placeholder of a statement built once (home-list.ts, shop-page.ts), which takes a date as an ISO string. */
export type Value<T> = T | Placeholder;

export function selectShops(db: Db | Tx) {
  return db.select(shopWithOwnerColumns).from(shops).innerJoin(users, eq(users.id, shops.ownerId));
}

export function shopById(db: Db | Tx, id: Value<string>) {
  return selectShops(db).where(eq(shops.id, id)).limit(1);
}

export async function findShop(db: Db | Tx, id: string): Promise<ShopRow | undefined> {
  const [shop] = await shopById(db, id);
  return shop;
}

export function shopsOfOwner(db: Db, ownerId: string): Promise<ShopRow[]> {
  return selectShops(db).where(eq(shops.ownerId, ownerId)).orderBy(desc(shops.createdAt), desc(shops.id));
}

/** Almost every row passes, so the list indexes still serve. */
export const listed = isNull(shops.hiddenAt);

/**
 * A check passed: the phone, the bank name, or a stall visit that still shows (docs/product.md §4). It must
 * keep implying `shops_verified_created_idx`'s predicate (schema.ts), or verified-only lists walk every shop.
 */
export const verifiedSeller = or(
  eq(shops.phoneVerified, true),
  isNotNull(shops.bankMatch),
  gt(shops.stallVisitedAt, sql`now() - make_interval(days => ${STALL_VISIT_DAYS})`),
)!;

/** `first`: shops meeting it come first, as search ranks them (docs/product.md §5). */
export function sponsoredShops(db: Db, filter: SQL | undefined, now: Value<Date>, limit: Value<number>, first?: SQL) {
  return selectShops(db)
    .where(and(gt(shops.sponsoredUntil, now), listed, filter))
    .orderBy(...(first ? [sql`${first} desc`] : []), desc(shops.sponsoredUntil), desc(shops.id))
    .limit(limit);
}

export type ShopOrder = 'newest' | 'rating';

type OrderColumns = { id: SQLWrapper; createdAt: SQLWrapper; ratingAverage: SQLWrapper; ratingCount: SQLWrapper };

/** Each served by an index of the same columns. */
export function shopOrder(order: ShopOrder, columns: OrderColumns = shops): SQL[] {
  const newest = [desc(columns.createdAt), desc(columns.id)];
  return order === 'rating' ? [desc(columns.ratingAverage), desc(columns.ratingCount), ...newest] : newest;
}

export function notSponsored(now: Value<Date>) {
  return and(listed, or(isNull(shops.sponsoredUntil), lte(shops.sponsoredUntil, now)));
}

/** Only the page's rows are joined, so skipped rows pay nothing; the join keeps the order (a walk forbids sorting). */
export function forYouShops(db: Db | Tx, filter: SQL | undefined, now: Value<Date>, limit: Value<number>, offset: Value<number>, order: ShopOrder = 'newest') {
  const page = db
    .select({ id: shops.id, createdAt: shops.createdAt, ratingAverage: shops.ratingAverage, ratingCount: shops.ratingCount })
    .from(shops)
    .where(and(notSponsored(now), filter))
    .orderBy(...shopOrder(order))
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select(shopWithOwnerColumns)
    .from(page)
    .innerJoin(shops, eq(shops.id, page.id))
    .innerJoin(users, eq(users.id, shops.ownerId))
    .orderBy(...shopOrder(order, page));
}

/** The shops not sponsored now that meet `where`, counted up to `cap + 1`: `limit` is that bound. */
export function countUpTo(db: Db | Tx, where: SQL | undefined, now: Value<Date>, limit: Value<number>) {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(shops)
    .where(and(notSponsored(now), where))
    .limit(limit)
    .as('matches');
  return db.select({ count: sql<number>`count(*)::int` }).from(matches);
}

/** Products in the order their shop lists them, oldest first. */
export function productRows(db: Db | Tx, where: SQL) {
  return db.select().from(products).where(where).orderBy(asc(products.createdAt), asc(products.id));
}

export async function productsByShop(db: Db | Tx, shopIds: string[]) {
  const grouped = new Map<string, (typeof products.$inferSelect)[]>(shopIds.map((id) => [id, []]));
  if (!shopIds.length) return grouped;
  const rows = await productRows(db, inArray(products.shopId, shopIds));
  for (const row of rows) grouped.get(row.shopId)?.push(row);
  return grouped;
}
