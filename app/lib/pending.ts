import { useLocation, useNavigation } from 'react-router';
import { SKELETONS } from '#rules/limits.ts';

/** What a list page shows while it loads (SPEC §2, §9): its title over skeleton cards. */
export type PendingSkeleton = { title: string; cards: number; label: string };

type ListPage = PendingSkeleton & {
  path: RegExp;
  /**
   * Whether a new query loads a new list (a page of results, a search). On My Shops and a products page
   * the query only opens or closes the delete dialog or notice and loads nothing: a skeleton would flash.
   */
  queryLoads: boolean;
};

const LIST_PAGES: ListPage[] = [
  { path: /^\/$/, title: 'For You', cards: SKELETONS.home, label: 'Loading shops', queryLoads: true },
  { path: /^\/searchResults\/?$/, title: 'Search', cards: SKELETONS.search, label: 'Loading results', queryLoads: true },
  { path: /^\/myShop\/?$/, title: 'My Shops', cards: SKELETONS.myShops, label: 'Loading your shops', queryLoads: false },
  { path: /^\/shop\/[^/]+\/products\/?$/, title: 'Products', cards: SKELETONS.products, label: 'Loading products', queryLoads: false },
];

/**
 * The skeleton of the list page a client-side navigation is loading, whichever page it starts from
 * (another page, the same list with a new query, a form whose answer leads back to the list); null when
 * nothing is loading or the page on its way has no list. Without JavaScript every navigation is a full
 * page load and the browser keeps the old page up until the new one arrives.
 */
export function usePendingSkeleton(): PendingSkeleton | null {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (navigation.state !== 'loading') return null;
  const target = navigation.location.pathname;
  const page = LIST_PAGES.find(({ path }) => path.test(target));
  if (!page) return null;
  const loadsList = target !== pathname || navigation.formMethod !== undefined || page.queryLoads;
  return loadsList ? { title: page.title, cards: page.cards, label: page.label } : null;
}
