import { type RouterContextProvider, redirect } from 'react-router';
import { safeRedirectTarget, signedInContext } from '#app/lib/session.server.ts';

/** Where a signed-in person goes: back where the sign-in was asked for, or home. */
export function destination(request: Request): string {
  return safeRedirectTarget(new URL(request.url).searchParams.get('redirectTo'));
}

/** Someone already signed in has no use for the login or signup form. */
export function leaveIfSignedIn(request: Request, context: Readonly<RouterContextProvider>): void {
  if (context.get(signedInContext)) throw redirect(destination(request));
}
