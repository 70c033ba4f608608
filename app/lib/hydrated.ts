import { useState, useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** Controls that need JavaScript render only once it runs, so a phone without it never shows a dead button. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** A `<meta http-equiv="refresh">` in the server's HTML keeps counting after React removes it: such a page sets no timer of its own. */
export function useServerRendered(): boolean {
  const hydrated = useHydrated();
  const [serverRendered] = useState(!hydrated);
  return serverRendered;
}
