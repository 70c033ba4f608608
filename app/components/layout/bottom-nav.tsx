import { NavLink } from 'react-router';
import { HomeIcon, MessagesIcon, SettingsIcon, ShopIcon } from '#app/components/icons.tsx';
import { UnreadBadge } from './unread-badge';

/** Messages sits beside My Shop: a buyer's answer and a shop's new order are what people come back for. */
export function BottomNav({ unread }: { unread: number | null }) {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <NavLink to="/" end>
        <HomeIcon />
        <span>Home</span>
      </NavLink>
      <NavLink to="/myShop">
        <ShopIcon />
        <span>My Shop</span>
      </NavLink>
      <NavLink to="/messages">
        <MessagesIcon />
        <span>
          Messages
          <UnreadBadge count={unread} />
        </span>
      </NavLink>
      <NavLink to="/settings">
        <SettingsIcon />
        <span>Settings</span>
      </NavLink>
    </nav>
  );
}
