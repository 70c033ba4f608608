import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs in the browser. Controls that do
 * nothing without JavaScript (a Copy button, the stepper's − and +) render only then, so a phone without
 * JavaScript never shows a button that cannot work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}
