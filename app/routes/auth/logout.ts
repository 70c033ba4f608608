import { redirect } from 'react-router';
import type { FormLimits } from '#app/lib/forms/form-limits.ts';
import { readFormWithin } from '#app/lib/forms/read-form.server.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { keptCookie, keptFromForm } from '#app/lib/kept-form.server.ts';
import { idleMsLeftOf, signOutCookie } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';
import type { Route } from './+types/logout';

/** Room for the text of the page whose idle timer signs out; never a file. */
const IDLE_LOGOUT_FORM: FormLimits = { maxBytes: 512 * 1024, fields: 128, textMaxBytes: 256 * 1024 };

// Signing out changes state, so only a POST does it; a typed or prefetched address just goes home.
export function loader() {
  return redirect('/');
}

export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

/** `intent=idle` is a tab's idle timer: while the person is active in another tab, it is told the time left instead. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormWithin({ request, context }, IDLE_LOGOUT_FORM);
  // No page of ours sends that much; the session still ends, as the request asked, and the body is refused.
  if (form === 'too-large') {
    return new Response(MSG.formTooLarge, {
      status: 413,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Set-Cookie': await signOutCookie(request) },
    });
  }
  const intent = form.get('intent');
  if (intent === 'idle') {
    const msLeft = await idleMsLeftOf(request);
    if (msLeft > 0) return Response.json({ msLeft }, { headers: { 'Cache-Control': 'no-store' } });
  }
  const headers = new Headers({ 'Set-Cookie': await signOutCookie(request) });
  // The idle timer sends the page's typed text along, to be back on that page after signing in.
  const kept = intent === 'idle' ? keptFromForm(form, new URL(request.url)) : null;
  if (kept) headers.append('Set-Cookie', keptCookie(kept));
  if (intent !== 'idle') return redirect('/', { headers });
  return redirect(kept ? `/login?${new URLSearchParams({ expired: '1', redirectTo: kept.path })}` : '/login?expired=1', { headers });
}
