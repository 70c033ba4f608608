import { useEffect } from 'react';
import { IDLE_MINUTES_FACILITY_DEFAULT } from '#rules/limits.ts';

const ACTIVITY = ['input', 'keydown', 'pointerdown', 'touchstart', 'scroll'] as const;

const TYPED = 'input:not([type=hidden]):not([type=file]):not([type=password]), textarea';

/** A form someone typed into goes along, so after signing in again they are back on it with their words (docs/decisions/063-typed-work-outlives-idle-sign-out.md). */
function keepTypedText(body: URLSearchParams) {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[method="post" i]')) {
    const fields = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED)];
    if (!fields.some((field) => field.value !== field.defaultValue)) continue;
    body.set('keptFrom', location.pathname + location.search);
    for (const [name, value] of new FormData(form)) {
      if (typeof value === 'string' && !/password/i.test(name)) body.append(`keep:${name}`, value);
    }
    return;
  }
}

/**
 * Signs out on time rather than at the next click (docs/product.md §4). Each tab has its own clock, so the
 * server has the last word: while another tab is active it answers with the time left.
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
      keepTypedText(body);
      const response = await fetch('/logout', { method: 'POST', body, cache: 'no-store' }).catch(() => null);
      asking = false;
      if (stopped) return;
      // A full page load, so nothing of the signed-in page stays on screen and Back does not return to it.
      if (response?.redirected) {
        stop();
        window.location.replace(response.url);
        return;
      }
      const answer = (await response?.json().catch(() => null)) as { msLeft?: unknown } | null;
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
      // A redirect means the server ended the session (another tab, a renewal refused).
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
