import { data, redirect } from 'react-router';
import { provider } from '#app/lib/provider/client.server';
import { isProviderError } from '#app/lib/provider/errors';
import { shortCodeOf } from '#app/lib/rules/short-code';
import type { Route } from './+types/short-link';

const NOT_FOUND = 'We could not find that page. It may have moved, or the link may be mistyped.';

/**
 * `/s/{code}`, the short link on posters and in messages, opens its shop. A 302, not a 301: browsers keep
 * a 301 for good, and where a code leads may change (a shop removed, or shop addresses changing).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const code = shortCodeOf(params.code);
  if (!code) throw data(NOT_FOUND, { status: 404 });
  try {
    const { id } = await provider.shopByShortCode(code);
    return redirect(`/shop/${encodeURIComponent(id)}`, 302);
  } catch (error) {
    if (isProviderError(error, 404)) throw data(NOT_FOUND, { status: 404 });
    throw error;
  }
}

export default function ShortLink() {
  return null;
}
