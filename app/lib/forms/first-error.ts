import { useHydrated } from '#app/lib/hydrated.ts';

/** Without JavaScript the browser focuses the first wrong field asking for it; once React runs, Conform does. */
export function useFirstErrorFocus(errors: string[] | undefined): boolean {
  const hydrated = useHydrated();
  return !hydrated && Boolean(errors?.length);
}
