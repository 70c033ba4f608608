import { cursorFrom } from '#app/lib/paging.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import type { Route } from './+types/thread-latest';

/**
 * Whether a thread has messages after `after`, the newest the open page shows (lib/messages/thread-live.ts):
 * `{ newer }`, or null when it cannot tell. The API sends only those messages, so asking costs next to nothing.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = context.get(signedInContext);
  const headers = { 'Cache-Control': 'private, no-store' };
  const after = cursorFrom(new URL(request.url), 'after');
  if (!signedIn) return Response.json({ newer: null }, { status: 401, headers });
  if (after === undefined) return Response.json({ newer: null }, { status: 400, headers });
  try {
    const { messages } = await provider.newerMessages(signedIn.access, params.thread_id, after);
    return Response.json({ newer: messages.length > 0 }, { headers });
  } catch (error) {
    return Response.json({ newer: null }, { status: isProviderError(error, 404) ? 404 : 503, headers });
  }
}
