import { useEffect } from 'react';
import { useSubmit } from 'react-router';
import { IDLE_MINUTES_FACILITY_DEFAULT } from '../../lib/rules/limits';

const ACTIVITY = ['input', 'keydown', 'pointerdown', 'touchstart', 'scroll'] as const;

/**
 * Signs a signed-in person out after `minutes` without input, touch or scrolling (SPEC §4), on time rather
 * than at their next click: it posts `intent=idle` to /logout, which lands on the 'Session Expired' dialog.
 * Without JavaScript the server does the same on the next request.
 */
export function IdleLogout({ minutes = IDLE_MINUTES_FACILITY_DEFAULT }: { minutes?: number }) {
  const submit = useSubmit();

  useEffect(() => {
    const limitMs = minutes * 60_000;
    // The server's own clock only sees requests, so activity is reported this often while it lasts.
    const tellServerEveryMs = limitMs / 10;
    let lastActive = Date.now();
    let lastTold = lastActive;
    let timer: ReturnType<typeof setTimeout> | undefined;

    function stop() {
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, true);
      document.removeEventListener('visibilitychange', onVisible);
    }

    function logOut() {
      stop();
      void submit({ intent: 'idle' }, { method: 'post', action: '/logout', replace: true });
    }

    function check() {
      const idleFor = Date.now() - lastActive;
      if (idleFor >= limitMs) logOut();
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
      if (Date.now() - lastActive >= limitMs) return logOut();
      onActivity();
      check();
    }

    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisible);
    timer = setTimeout(check, limitMs);
    return stop;
  }, [minutes, submit]);

  return null;
}
