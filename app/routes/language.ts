import { data, redirect } from 'react-router';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { languageCookie } from '#app/lib/language-cookie.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { safeRedirectTarget, signedInContext } from '#app/lib/session.server.ts';
import { isLanguage } from '#rules/i18n/languages.ts';
import { MSG } from '#rules/messages.ts';
import type { Route } from './+types/language';

// The switch is a form post; a typed or prefetched address just goes home.
export function loader() {
  return redirect('/');
}

export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

/**
 * The language switch (components/layout/language-switch.tsx): this browser keeps the choice, and a
 * signed-in account keeps it for its next sign-in anywhere.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm({ request, context });
  const language = form.get('language');
  if (!isLanguage(language)) throw data(MSG.invalidChoice, { status: 400 });
  const signedIn = context.get(signedInContext);
  // The browser's choice stands even when the account could not be told; the next switch tries again.
  if (signedIn) await provider.setLanguage(signedIn.access, language).catch(() => undefined);
  const back = form.get('back');
  return redirect(safeRedirectTarget(typeof back === 'string' ? back : null), { headers: { 'Set-Cookie': languageCookie(language) } });
}
