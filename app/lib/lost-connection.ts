/** A lost connection fails a data request with a TypeError worded differently by each browser. */
export function isLostConnection(error: unknown, browser = typeof window !== 'undefined'): boolean {
  if (!browser || !(error instanceof TypeError)) return false;
  return /fetch|network|load failed/i.test(error.message) || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
