import { useEffect } from 'react';
import { IDLE_MINUTES_FACILITY_DEFAULT } from '#rules/limits.ts';

const ACTIVITY = ['input', 'keydown', 'pointerdown', 'touchstart', 'scroll'] as const;

/**
 * Signs a signed-in person out after `minutes` without input, touch or scrolling (SPEC §4), on time rather
 * than at their next click: it posts `intent=idle` to /logout, which lands on the 'Session Expired' dialog.
 * Each tab keeps its own clock, so the server has the last word: while the person is active in another tab,
 * it answers with the session's time left and this tab asks again then.
 * Without JavaScript the server does the same on the next request.
 */
export function IdleLogout({ minutes = IDLE_MINUTES_FACILITY_DEFAULT }: { minutes?: number }) {
  useEffect(() => {
    const limitMs = minutes * 60_000;
    // The server's own clock only sees requests, so activity is reported this often while it lasts.
    const tellServerEveryMs = limitMs / 10;
    let lastActive = Date.now();
    let lastTold = lastActive;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    let stopped = false;

    function stop() {
      stopped = true;
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, true);
      document.removeEventListener('visibilitychange', onVisible);
    }

    async function logOut() {
      if (asking) return;
      asking = true;
      clearTimeout(timer);
      const body = new URLSearchParams({ intent: 'idle' });
      const response = await fetch('/logout', { method: 'POST', body, cache: 'no-store' }).catch(() => null);
      asking = false;
      if (stopped) return;
      // The session has ended: a full page load, so nothing of the signed-in page stays on screen, and Back
      // does not return to it.
      if (response?.redirected) {
        stop();
        window.location.replace(response.url);
        return;
      }
      const answer = (await response?.json().catch(() => null)) as { msLeft?: unknown } | null;
      // A server that could not be asked gets asked again a little later; the session is still on its clock.
      const askAgainInMs = typeof answer?.msLeft === 'number' ? answer.msLeft : tellServerEveryMs;
      clearTimeout(timer);
      timer = setTimeout(check, askAgainInMs);
    }

    function check() {
      const idleFor = Date.now() - lastActive;
      if (idleFor >= limitMs) void logOut();
      else timer = setTimeout(check, limitMs - idleFor);
    }

    async function keepAlive() {
      // HEAD: nothing to download. A redirect means the server ended the session (another tab, a renewal refused).
      const response = await fetch('/keep-alive', { method: 'HEAD', cache: 'no-store' }).catch(() => null);
      if (response?.redirected) window.location.assign(response.url);
    }

    function onActivity() {
      lastActive = Date.now();
      if (lastActive - lastTold >= tellServerEveryMs) {
        lastTold = lastActive;
        void keepAlive();
      }
    }

    // Timers sleep in background tabs and on locked phones: on return, the time away may already be too long.
    function onVisible() {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      if (Date.now() - lastActive >= limitMs) return void logOut();
      onActivity();
      check();
    }

    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisible);
    timer = setTimeout(check, limitMs);
    return stop;
  }, [minutes]);

  return null;
}
