import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { preparedOnce } from '#server/db/prepared.ts';
import { countUpTo, forYouShops, type ShopOrder, type ShopRow, sponsoredShops, verifiedSeller } from './queries';
import type { ForYouPage, PageOptions } from './search';

/** A list asked with no words: the whole home list, or its verified sellers only. */
export type PlainList = 'all' | 'verified';

const now = sql.placeholder('now');
const limit = sql.placeholder('limit');
const offset = sql.placeholder('offset');

const WHERE = { all: undefined, verified: verifiedSeller } as const;

/**
 * The most read lists: their statements are built and planned once (docs/decisions/092-hot-statements-built-once.md).
 * A category or a state is left out: how best to read one depends on how many shops it holds, which a plan made once cannot know.
 */
function statements(db: Db, list: PlainList) {
  const where = WHERE[list];
  const page = (order: ShopOrder) => forYouShops(db, where, now, limit, offset, order).prepare(`${list}_${order}_page`);
  return {
    sponsored: sponsoredShops(db, where, now, limit).prepare(`${list}_sponsored`),
    pages: { newest: page('newest'), rating: page('rating') },
    count: countUpTo(db, where, now, limit).prepare(`${list}_count`),
  };
}

const built = { all: preparedOnce((db) => statements(db, 'all')), verified: preparedOnce((db) => statements(db, 'verified')) };

/** The shops sponsored now in `list`, as `sponsoredShops` would read them. */
export function plainSponsored(db: Db, list: PlainList, at: Date, most: number): Promise<ShopRow[]> {
  return built[list](db).sponsored.execute({ now: at.toISOString(), limit: most });
}

/** A page of `list` and its matches up to `cap + 1`, as `forYouPage` would read them. */
export async function plainPage(db: Db, list: PlainList, options: PageOptions): Promise<ForYouPage> {
  const statement = built[list](db);
  const at = options.now.toISOString();
  const [shops, [count]] = await Promise.all([
    statement.pages[options.order ?? 'newest'].execute({ now: at, limit: options.limit + 1, offset: options.offset }),
    statement.count.execute({ now: at, limit: options.cap + 1 }),
  ]);
  return { shops, matches: count?.count ?? 0 };
}
