import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { preparedOnce } from '#server/db/prepared.ts';
import { countUpTo, forYouShops, type ShopRow, sponsoredShops } from './queries';
import type { ForYouPage, PageOptions } from './search';

const now = sql.placeholder('now');
const limit = sql.placeholder('limit');
const offset = sql.placeholder('offset');

/**
 * The home list, asked with no words or filters, is the most read list of all: its statements are built
 * and planned once (docs/decisions/092-hot-statements-built-once.md), one per order.
 */
const sponsoredNow = preparedOnce((db) => sponsoredShops(db, undefined, now, limit).prepare('home_sponsored'));
const newestPage = preparedOnce((db) => forYouShops(db, undefined, now, limit, offset, 'newest').prepare('home_newest'));
const ratedPage = preparedOnce((db) => forYouShops(db, undefined, now, limit, offset, 'rating').prepare('home_rated'));
const counted = preparedOnce((db) => countUpTo(db, undefined, now, limit).prepare('home_count'));

/** The shops sponsored now, as `sponsoredShops` with no filter. */
export function homeSponsored(db: Db, at: Date, most: number): Promise<ShopRow[]> {
  return sponsoredNow(db).execute({ now: at.toISOString(), limit: most });
}

/** A page of the home list and its matches up to `cap + 1`, as `forYouPage` with no filter. */
export async function homePage(db: Db, options: PageOptions): Promise<ForYouPage> {
  const at = options.now.toISOString();
  const page = options.order === 'rating' ? ratedPage(db) : newestPage(db);
  const [shops, [count]] = await Promise.all([
    page.execute({ now: at, limit: options.limit + 1, offset: options.offset }),
    counted(db).execute({ now: at, limit: options.cap + 1 }),
  ]);
  return { shops, matches: count?.count ?? 0 };
}
