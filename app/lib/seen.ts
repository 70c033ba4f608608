import { useEffect, useRef, useState } from 'react';
import { useHydrated } from './hydrated';

/**
 * A form's result shown after a submission in the browser takes the focus and comes into view, so the
 * person sees it wherever they were on the page (and a screen reader reads it). A result in the server's
 * HTML needs neither: that page opens at its top, where results are placed. `result` changing shows it again.
 */
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
