import { useLocation, useNavigation } from 'react-router';
import type { MessageKey } from '#rules/i18n/keys.ts';
import { SKELETONS } from '#rules/limits.ts';

/** Its words are keys of the common area: the page on the way has not brought its own yet. */
export type PendingSkeleton = { title: MessageKey; cards: number; label: MessageKey };

type ListPage = PendingSkeleton & {
  path: RegExp;
  /** On My Shops and a products page the query only opens a dialog or notice: a skeleton would flash. */
  queryLoads: boolean;
};

const LIST_PAGES: ListPage[] = [
  { path: /^\/$/, title: 'skeleton.forYou', cards: SKELETONS.home, label: 'skeleton.loadingShops', queryLoads: true },
  { path: /^\/searchResults\/?$/, title: 'skeleton.search', cards: SKELETONS.search, label: 'skeleton.loadingResults', queryLoads: true },
  { path: /^\/myShop\/?$/, title: 'skeleton.myShops', cards: SKELETONS.myShops, label: 'skeleton.loadingYourShops', queryLoads: false },
  { path: /^\/shop\/[^/]+\/products\/?$/, title: 'skeleton.products', cards: SKELETONS.products, label: 'skeleton.loadingProducts', queryLoads: false },
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
