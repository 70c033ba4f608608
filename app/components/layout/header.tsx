import { Link } from 'react-router';
import { MenuIcon } from '#app/components/icons.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import { useLiteMode } from '#app/lib/lite-mode.ts';
import { LiteSwitch } from './lite-switch';
import { SearchToggle } from './search-toggle';
import { UnreadBadge } from './unread-badge';

/** The menu is a `<details>`, so it opens without JavaScript. */
export function Header({ signedIn, moderator, unread }: { signedIn: boolean; moderator: boolean; unread: number | null }) {
  const lite = useLiteMode();
  const t = useT();
  return (
    <header className="site-header">
      <Link to="/" className="site-title">
        Kasuwa
      </Link>
      {lite && (
        <a href="#lite-mode" className="lite-mark">
          {t('lite.mark')}
        </a>
      )}
      <SearchToggle />
      <details className="menu">
        <summary aria-label={t('menu.label')}>
          <MenuIcon />
        </summary>
        <nav aria-label={t('menu.account')} className="menu-panel">
          {signedIn ? (
            <>
              <Link to="/myShop">{t('menu.myShop')}</Link>
              <Link to="/messages">
                {t('menu.messages')}
                <UnreadBadge count={unread} />
              </Link>
              <Link to="/rating">{t('menu.myRatings')}</Link>
              <Link to="/saved">{t('menu.savedShops')}</Link>
              {moderator && <Link to="/moderation">{t('menu.moderation')}</Link>}
              <form method="post" action="/logout">
                <button type="submit">{t('menu.logout')}</button>
              </form>
            </>
          ) : (
            <>
              <Link to="/signup">{t('menu.signUp')}</Link>
              <Link to="/login">{t('menu.signIn')}</Link>
              <Link to="/saved">{t('menu.savedShops')}</Link>
            </>
          )}
          <LiteSwitch />
        </nav>
      </details>
    </header>
  );
}
