import { useEffect, useRef, useState } from 'react';
import { useHydrated } from './hydrated';

/** A result in the server's HTML is already at the page's top; one shown later needs focus to be seen and read aloud. */
export function useSeen<T extends HTMLElement>(result: string | undefined) {
  const ref = useRef<T>(null);
  const hydrated = useHydrated();
  const [inServerHtml] = useState(hydrated ? undefined : result);
  useEffect(() => {
    if (!result || result === inServerHtml) return;
    // A frame later: Conform moves the focus in its form's effect, which runs after this one.
    const frame = requestAnimationFrame(() => {
      const element = ref.current;
      if (!element) return;
      element.focus({ preventScroll: true });
      element.scrollIntoView({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [result, inServerHtml]);
  return ref;
}
