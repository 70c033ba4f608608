import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

const POLL_MS = 4_000;

/**
 * With JavaScript, an open thread asks a few bytes every few seconds whether anything is newer than what it
 * shows, and reloads its data only then; a hidden tab asks nothing. Without JavaScript a reload shows it.
 */
export function useThreadLive(threadPath: string, lastId: number, active: boolean) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const timer = setInterval(async () => {
      if (document.visibilityState !== 'visible' || latest.current.state !== 'idle') return;
      try {
        const response = await fetch(`${threadPath}/latest?after=${lastId}`, { headers: { accept: 'application/json' } });
        const { newer } = (await response.json()) as { newer: boolean | null };
        if (!stopped && newer) await latest.current.revalidate();
      } catch {
        // A lost connection: the next tick tries again.
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [threadPath, lastId, active]);
}
