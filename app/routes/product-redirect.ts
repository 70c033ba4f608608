import { redirect } from 'react-router';
import type { Route } from './+types/product-redirect';

/** The copy-link button shares `/product/{id}` (docs/product.md §9); that address opens the shop page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/shop/${encodeURIComponent(params.id)}`, 301);
}
