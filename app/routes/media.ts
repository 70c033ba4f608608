import { provider } from '../lib/provider/client.server';
import type { Route } from './+types/media';

/** Product and shop photos, relayed from the provider so the site is one origin (see `siteImageUrl`). */
export async function loader({ params }: Route.LoaderArgs) {
  const path = params['*'] ?? '';
  if (!/^[\w-]+(?:\/[\w.-]+)+$/.test(path) || path.includes('..')) {
    return new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return provider.media(path);
}
