import { useHydrated } from '#app/lib/hydrated.ts';

/**
 * Whether a field takes `autoFocus`: in the server's answer to a refused form, every wrong field asks for it
 * and the browser focuses (and scrolls to) the first in the page, so a phone without JavaScript lands on it.
 * Once React runs, Conform moves the focus itself.
 */
export function useFirstErrorFocus(errors: string[] | undefined): boolean {
  const hydrated = useHydrated();
  return !hydrated && Boolean(errors?.length);
}
