import { useState, useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs in the browser. Controls that do
 * nothing without JavaScript (a Copy button, the stepper's − and +) render only then, so a phone without
 * JavaScript never shows a button that cannot work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * True when this component first appeared in the server's HTML rather than after a navigation in the
 * browser. A `<meta http-equiv="refresh">` parsed with that HTML keeps counting even once React has
 * removed it, so such a page must not also set its own timer.
 */
export function useServerRendered(): boolean {
  const hydrated = useHydrated();
  const [serverRendered] = useState(!hydrated);
  return serverRendered;
}
