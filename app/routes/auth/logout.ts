import { redirect } from 'react-router';
import { readForm } from '../../lib/forms/submission.server';
import { endSessionCookie } from '../../lib/session.server';
import type { Route } from './+types/logout';

// Signing out changes state, so only a POST does it; a typed or prefetched address just goes home.
export function loader() {
  return redirect('/');
}

/** Clears the session; `intent=idle` is the client idle timer, whose landing page explains what happened. */
export async function action({ request }: Route.ActionArgs) {
  const intent = (await readForm(request)).get('intent');
  return redirect(intent === 'idle' ? '/login?expired=1' : '/', { headers: { 'Set-Cookie': await endSessionCookie(request) } });
}
