import { eq, sql } from 'drizzle-orm';
import { REVIEWS_ON_SHOP_PAGE } from '#rules/limits.ts';
import type { Db } from '#server/db/client.ts';
import { preparedOnce } from '#server/db/prepared.ts';
import { products } from '#server/db/schema.ts';
import { labelledRatings, shopRatingRows } from '#server/ratings/rating-json.ts';
import { productRows, type ShopRow, shopById } from './queries';

const id = sql.placeholder('id');

/**
 * A shop page asks for the same four things on every view, and a view the web tier does not share reaches
 * the API each time: their statements are built and planned once (docs/decisions/092-hot-statements-built-once.md).
 */
const built = preparedOnce((db) => ({
  shop: shopById(db, id).prepare('shop_page_shop'),
  products: productRows(db, eq(products.shopId, id)).prepare('shop_page_products'),
  ratings: shopRatingRows(db, id, REVIEWS_ON_SHOP_PAGE).prepare('shop_page_ratings'),
  labelled: labelledRatings(db, id).prepare('shop_page_labelled'),
}));

/** The shop, hidden or not: the caller decides who may see it. */
export async function shopOfPage(db: Db, shopId: string): Promise<ShopRow | undefined> {
  const [shop] = await built(db).shop.execute({ id: shopId });
  return shop;
}

/** What the page shows beside the shop: its products, newest ratings, and how many ratings carry a label. */
export async function shopPageParts(db: Db, shopId: string) {
  const statements = built(db);
  const [shopProducts, latest, [labelled]] = await Promise.all([
    statements.products.execute({ id: shopId }),
    statements.ratings.execute({ id: shopId }),
    statements.labelled.execute({ id: shopId }),
  ]);
  return { products: shopProducts, latest, labelled: labelled?.count ?? 0 };
}
