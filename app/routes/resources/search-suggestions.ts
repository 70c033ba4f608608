import { provider } from '#app/lib/provider/client.server.ts';
import { SEARCH_SUGGESTIONS } from '#rules/limits.ts';
import type { Route } from './+types/search-suggestions';

/** Live suggestions for the header search; a slow or failing provider just means no suggestions. */
export async function loader({ request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
  if (!q) return { results: [] };
  try {
    const { results } = await provider.suggest(q, request.signal);
    return { results: results.slice(0, SEARCH_SUGGESTIONS) };
  } catch {
    return { results: [] };
  }
}
