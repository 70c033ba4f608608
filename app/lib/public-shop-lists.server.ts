import { sponsoredFirst } from '#app/components/shops/shop-grid.tsx';
import { PAGE_SIZE } from './paging';
import { provider } from './provider/client.server';
import { cachedPublicRead } from './public-cache.server';

type ListQuery = { q?: string; category?: string; state?: string; page: number; sort?: 'rating' };

/**
 * A page of the public shop list as its cards, paid shops first with `badge` (SPEC §2: "Sponsored" on the
 * home page, "Ad" in search), worked out once and shared by every visitor (cachedPublicRead).
 */
export function publicShopCards(query: ListQuery, badge: 'Sponsored' | 'Ad') {
  const { q = '', category = '', state = '', page, sort = '' } = query;
  const key = `cards?${new URLSearchParams({ q, category, state, page: String(page), sort, badge })}`;
  return cachedPublicRead(key, async () => {
    const answer = await provider.listShops({ ...query, pageSize: PAGE_SIZE });
    return {
      shops: sponsoredFirst(answer, badge),
      count: answer.count ?? answer.for_you.length + answer.sponsored_shops.length,
      nextPage: answer.next_page,
    };
  });
}
