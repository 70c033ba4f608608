/**
 * Whether an error caught by the error boundary is a phone losing its connection during a navigation with
 * JavaScript: the page's data request then fails with a TypeError whose words differ by browser ("Failed
 * to fetch", "NetworkError when attempting to fetch resource.", "Load failed"). That is not a fault of the
 * page, and the visitor should be told to try again rather than that something unexpected happened.
 * Never on the server, whose provider failures are answered with their own statuses.
 */
export function isLostConnection(error: unknown, browser = typeof window !== 'undefined'): boolean {
  if (!browser || !(error instanceof TypeError)) return false;
  return /fetch|network|load failed/i.test(error.message) || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
