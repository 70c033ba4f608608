import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useServerRendered } from '#app/lib/hydrated.ts';
import { useT } from '#app/lib/i18n/words.ts';
import { useSeen } from '#app/lib/seen.ts';

/** In the server's HTML a meta refresh moves on without JavaScript; after a client-side submission, a timer does. */
export function RedirectNotice({ message, to, delayMs, tone = 'success' }: { message: string; to: string; delayMs: number; tone?: 'success' | 'error' }) {
  const serverRendered = useServerRendered();
  const navigate = useNavigate();
  const ref = useSeen<HTMLDivElement>(message);
  const t = useT();
  useEffect(() => {
    if (serverRendered) return;
    const timer = setTimeout(() => navigate(to), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, to, delayMs, serverRendered]);
  return (
    <div ref={ref} className={`notice ${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      <p>{message}</p>
      <Link to={to}>{t('redirect.myShops')}</Link>
      {/* React places this in the document's head. */}
      {serverRendered && <meta httpEquiv="refresh" content={`${Math.round(delayMs / 1000)};url=${to}`} />}
    </div>
  );
}
