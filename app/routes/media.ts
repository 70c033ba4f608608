import { provider } from '#app/lib/provider/client.server.ts';
import { SIGNED_MEDIA_QUERY } from '#app/lib/provider/contract.ts';
import { ProviderError } from '#app/lib/provider/errors.ts';
import type { Route } from './+types/media';

const text = (message: string, status: number, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });

/** Product and shop photos, relayed from the provider so the site is one origin (see `siteImageUrl`). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const path = params['*'] ?? '';
  if (!/^[\w-]+(?:\/[\w.-]+)+$/.test(path) || path.includes('..')) return text('Not found.', 404);
  const { search } = new URL(request.url);
  try {
    return await provider.media(path, SIGNED_MEDIA_QUERY.test(search) ? search : '');
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The provider is down or slow: a photo missing for now, not a server fault, and not to be cached.
    return text('This photo cannot be loaded right now.', 503, { 'cache-control': 'no-store', 'retry-after': '30' });
  }
}
