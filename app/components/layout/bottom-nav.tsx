import { NavLink } from 'react-router';
import { HomeIcon, MessagesIcon, SettingsIcon, ShopIcon } from '#app/components/icons.tsx';
import { useT } from '#app/lib/i18n/words.ts';
import { UnreadBadge } from './unread-badge';

/** Messages sits beside My Shop: a buyer's answer and a shop's new order are what people come back for. */
export function BottomNav({ unread }: { unread: number | null }) {
  const t = useT();
  return (
    <nav className="bottom-nav" aria-label={t('nav.main')}>
      <NavLink to="/" end>
        <HomeIcon />
        <span>{t('nav.home')}</span>
      </NavLink>
      <NavLink to="/myShop">
        <ShopIcon />
        <span>{t('nav.myShop')}</span>
      </NavLink>
      <NavLink to="/messages">
        <MessagesIcon />
        <span>
          {t('nav.messages')}
          <UnreadBadge count={unread} />
        </span>
      </NavLink>
      <NavLink to="/settings">
        <SettingsIcon />
        <span>{t('nav.settings')}</span>
      </NavLink>
    </nav>
  );
}
