import { data, redirect } from 'react-router';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { MSG } from '#rules/messages.ts';
import { shortCodeOf } from '#rules/short-code.ts';
import type { Route } from './+types/short-link';

/**
 * `/s/{code}`, the short link on posters and in messages, opens its shop. A 302, not a 301: browsers keep
 * a 301 for good, and where a code leads may change (a shop removed, or shop addresses changing).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const code = shortCodeOf(params.code);
  if (!code) throw data(MSG.pageNotFound, { status: 404 });
  try {
    const { id } = await provider.shopByShortCode(code, request);
    return redirect(`/shop/${encodeURIComponent(id)}`, 302);
  } catch (error) {
    if (!isProviderError(error)) throw error;
    if (error.status === 404) throw data(MSG.pageNotFound, { status: 404 });
    // The API counts lookups per visitor; past its limit the page says when to try again.
    if (error.status === 429) throw data(MSG.tooManyAttempts(error.retryAfterSeconds), { status: 429 });
    throw data(MSG.shopLoadFailed, { status: 503 });
  }
}

export default function ShortLink() {
  return null;
}
