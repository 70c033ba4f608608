import { isLostConnection } from '#app/lib/lost-connection.ts';

type FormFailure = { result: { status: 'error'; error: Record<string, string[]> }; offline: true };

/**
 * For a form's `clientAction`: sends it as usual, but when the phone's connection drops on the way the
 * page keeps the form, with everything typed and chosen, and `message` above it (SPEC's words for a
 * network error on that form), so pressing the button again sends it again. Without this, React Router
 * would replace the page with the error page and the owner's typing would be gone. Usually the request
 * never left the phone; when only the answer was lost, the change may have been made, exactly as after a
 * plain form's network failure, and the person can see it on the page the form leads to.
 */
export async function keepFormWhenOffline<T, Rest extends object = object>(
  serverAction: () => Promise<T>,
  message: string,
  /** The rest of the route's answer, as its action gives it with a failed form (`{ sent: null }`). */
  rest?: Rest,
): Promise<T | (FormFailure & Rest)> {
  try {
    return await serverAction();
  } catch (error) {
    // A clientAction runs in the browser only.
    if (!isLostConnection(error, true)) throw error;
    return { ...(rest as Rest), result: { status: 'error', error: { '': [message] } }, offline: true };
  }
}

/**
 * `shouldRevalidate` for the root and every route with such a form: after an answer that never came, the
 * pages' data are not asked for again, since that request would fail the same way and bring the error
 * page after all.
 */
export function revalidateUnlessOffline({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  const offline = typeof actionResult === 'object' && actionResult !== null && 'offline' in actionResult && actionResult.offline === true;
  return offline ? false : defaultShouldRevalidate;
}
