import { useLocation, useNavigation } from 'react-router';
import { SKELETONS } from '#rules/limits.ts';

export type PendingSkeleton = { title: string; cards: number; label: string };

type ListPage = PendingSkeleton & {
  path: RegExp;
  /** On My Shops and a products page the query only opens a dialog or notice: a skeleton would flash. */
  queryLoads: boolean;
};

const LIST_PAGES: ListPage[] = [
  { path: /^\/$/, title: 'For You', cards: SKELETONS.home, label: 'Loading shops', queryLoads: true },
  { path: /^\/searchResults\/?$/, title: 'Search', cards: SKELETONS.search, label: 'Loading results', queryLoads: true },
  { path: /^\/myShop\/?$/, title: 'My Shops', cards: SKELETONS.myShops, label: 'Loading your shops', queryLoads: false },
  { path: /^\/shop\/[^/]+\/products\/?$/, title: 'Products', cards: SKELETONS.products, label: 'Loading products', queryLoads: false },
];

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
