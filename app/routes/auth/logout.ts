import { redirect } from 'react-router';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { idleMsLeftOf, signOutCookie } from '#app/lib/session.server.ts';
import type { Route } from './+types/logout';

// Signing out changes state, so only a POST does it; a typed or prefetched address just goes home.
export function loader() {
  return redirect('/');
}

export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

/** `intent=idle` is a tab's idle timer: while the person is active in another tab, it is told the time left instead. */
export async function action({ request, context }: Route.ActionArgs) {
  const intent = (await readForm({ request, context })).get('intent');
  if (intent === 'idle') {
    const msLeft = await idleMsLeftOf(request);
    if (msLeft > 0) return Response.json({ msLeft }, { headers: { 'Cache-Control': 'no-store' } });
  }
  return redirect(intent === 'idle' ? '/login?expired=1' : '/', { headers: { 'Set-Cookie': await signOutCookie(request) } });
}
