import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useServerRendered } from '#app/lib/hydrated.ts';
import { useSeen } from '#app/lib/seen.ts';

/**
 * A message that moves on to `to` after `delayMs` (SPEC §4: 3 s after creating a shop, 2 s after editing
 * one; SPEC §8: after telling someone without a shop to create one first). Shown in the server's HTML it
 * carries a meta refresh (allowed by the Content-Security-Policy), which works without JavaScript; shown
 * after a form sent with JavaScript, a timer navigates. The link works for both.
 */
export function RedirectNotice({ message, to, delayMs, tone = 'success' }: { message: string; to: string; delayMs: number; tone?: 'success' | 'error' }) {
  const serverRendered = useServerRendered();
  const navigate = useNavigate();
  const ref = useSeen<HTMLDivElement>(message);
  useEffect(() => {
    if (serverRendered) return;
    const timer = setTimeout(() => navigate(to), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, to, delayMs, serverRendered]);
  return (
    <div ref={ref} className={`notice ${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      <p>{message}</p>
      <Link to={to}>Go to My Shops now</Link>
      {/* React places this in the document's head. */}
      {serverRendered && <meta httpEquiv="refresh" content={`${Math.round(delayMs / 1000)};url=${to}`} />}
    </div>
  );
}
