import { useLocation, useNavigation } from 'react-router';
import { SKELETONS } from '../../lib/rules/limits';
import { SkeletonGrid } from '../shops/shop-grid';

const PRODUCTS_PAGE = /^\/shop\/[^/]+\/products\/?$/;

/**
 * True while a navigation to an owner's products page is loading: arriving from another page, or the
 * list coming back after a delete. Opening or closing the delete dialog changes only the query and loads
 * nothing, so it does not count (a skeleton would flash for a frame).
 */
export function usePendingProductsPage(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (navigation.state !== 'loading' || !PRODUCTS_PAGE.test(navigation.location.pathname)) return false;
  return navigation.formMethod !== undefined || navigation.location.pathname !== pathname;
}

/** SPEC §9: 8 cards while the products are on their way. */
export function ProductsSkeleton() {
  return <SkeletonGrid count={SKELETONS.products} label="Loading products" />;
}
