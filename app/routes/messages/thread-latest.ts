import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import type { Route } from './+types/thread-latest';

/** The id of a thread's newest message, for the open page's check (lib/messages/thread-live.ts); null when it cannot tell. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const signedIn = context.get(signedInContext);
  const headers = { 'Cache-Control': 'private, no-store' };
  if (!signedIn) return Response.json({ last: null }, { status: 401, headers });
  try {
    const thread = await provider.thread(signedIn.access, params.thread_id);
    return Response.json({ last: thread.messages.at(-1)?.id ?? 0 }, { headers });
  } catch (error) {
    if (isProviderError(error, 404)) return Response.json({ last: null }, { status: 404, headers });
    return Response.json({ last: null }, { status: 503, headers });
  }
}
