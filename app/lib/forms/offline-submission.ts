import { isLostConnection } from '#app/lib/lost-connection.ts';

type FormFailure = { result: { status: 'error'; error: Record<string, string[]> }; offline: true };

/** Where a dropped connection would bring React Router's error page, the form stays with its typing and `message` above it. */
export async function keepFormWhenOffline<T, Rest extends object = object>(
  serverAction: () => Promise<T>,
  message: string,
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

/** After a lost answer, revalidating would fail the same way and bring the error page after all. */
export function revalidateUnlessOffline({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  const offline = typeof actionResult === 'object' && actionResult !== null && 'offline' in actionResult && actionResult.offline === true;
  return offline ? false : defaultShouldRevalidate;
}
