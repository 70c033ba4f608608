import { sponsoredFirst } from '#app/components/shops/shop-grid.tsx';
import type { SiteMemory } from './host.server';
import { PAGE_SIZE } from './paging';
import { provider } from './provider/client.server';

type ListQuery = { q?: string; category?: string; state?: string; verified?: boolean; page: number; sort?: 'rating' };

/** Paid shops first with `badge` (docs/product.md §2), worked out once for every visitor. */
export function publicShopCards(memory: SiteMemory, query: ListQuery, badge: 'Sponsored' | 'Ad') {
  const { q = '', category = '', state = '', verified = false, page, sort = '' } = query;
  const key = `cards?${new URLSearchParams({ q, category, state, verified: verified ? '1' : '', page: String(page), sort, badge })}`;
  return memory.shared(key, async () => {
    const answer = await provider.listShops({ ...query, pageSize: PAGE_SIZE });
    return {
      shops: sponsoredFirst(answer, badge),
      count: answer.count ?? answer.for_you.length + answer.sponsored_shops.length,
      nextPage: answer.next_page,
    };
  });
}

export const publicCategories = (memory: SiteMemory) => memory.shared('categories', () => provider.categories());

/** Products matching a search, shared like the shop lists; none for an empty query. */
export const publicProducts = (memory: SiteMemory, q: string, verified: boolean) =>
  q
    ? memory.shared(`products?${new URLSearchParams({ q, verified: verified ? '1' : '' })}`, async () => (await provider.searchProducts(q, verified)).results)
    : Promise.resolve([]);
