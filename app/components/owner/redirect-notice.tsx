import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useHydrated } from '../../lib/hydrated';

/**
 * A success message that moves on to `to` after `delayMs` (SPEC §4: 3 s after creating a shop, 2 s after
 * editing one). With JavaScript a timer navigates; the page the server sends to a browser without it
 * carries a meta refresh instead (allowed by the Content-Security-Policy), and the link works for both.
 */
export function RedirectNotice({ message, to, delayMs }: { message: string; to: string; delayMs: number }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, to, delayMs]);
  return (
    <div className="notice success" role="status">
      <p>{message}</p>
      <Link to={to}>Go to My Shops now</Link>
      {/* React places this in the document's head. */}
      {!hydrated && <meta httpEquiv="refresh" content={`${Math.round(delayMs / 1000)};url=${to}`} />}
    </div>
  );
}
