import { data, redirect } from 'react-router';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { liteCookie } from '#app/lib/lite-mode.server.ts';
import { safeRedirectTarget } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';
import type { Route } from './+types/lite-mode';

// The switch is a form post; a typed or prefetched address just goes home.
export function loader() {
  return redirect('/');
}

export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

/** The Lite mode switch (components/layout/lite-switch.tsx): remembers `lite=on|off` and goes back to the page it was pressed on. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm({ request, context });
  const lite = form.get('lite');
  if (lite !== 'on' && lite !== 'off') throw data(MSG.formUnreadable, { status: 400 });
  const back = form.get('back');
  return redirect(safeRedirectTarget(typeof back === 'string' ? back : null), { headers: { 'Set-Cookie': liteCookie(lite === 'on') } });
}
