import { Link } from 'react-router';
import { MenuIcon } from '#app/components/icons.tsx';
import { useLiteMode } from '#app/lib/lite-mode.ts';
import { LiteSwitch } from './lite-switch';
import { SearchToggle } from './search-toggle';
import { UnreadBadge } from './unread-badge';

/** The menu is a `<details>`, so it opens without JavaScript. */
export function Header({ signedIn, moderator, unread }: { signedIn: boolean; moderator: boolean; unread: number | null }) {
  const lite = useLiteMode();
  return (
    <header className="site-header">
      <Link to="/" className="site-title">
        Kasuwa
      </Link>
      {lite && (
        <a href="#lite-mode" className="lite-mark">
          Lite mode
        </a>
      )}
      <SearchToggle />
      <details className="menu">
        <summary aria-label="Menu">
          <MenuIcon />
        </summary>
        <nav aria-label="Account" className="menu-panel">
          {signedIn ? (
            <>
              <Link to="/myShop">My Shop</Link>
              <Link to="/messages">
                Messages
                <UnreadBadge count={unread} />
              </Link>
              <Link to="/rating">My ratings</Link>
              <Link to="/saved">Saved shops</Link>
              {moderator && <Link to="/moderation">Moderation</Link>}
              <form method="post" action="/logout">
                <button type="submit">Logout</button>
              </form>
            </>
          ) : (
            <>
              <Link to="/signup">Sign Up</Link>
              <Link to="/login">Sign In</Link>
              <Link to="/saved">Saved shops</Link>
            </>
          )}
          <LiteSwitch />
        </nav>
      </details>
    </header>
  );
}
