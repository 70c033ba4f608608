import { NavLink } from 'react-router';
import { HomeIcon, SettingsIcon, ShopIcon } from '#app/components/icons.tsx';

export function BottomNav() {
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
      <NavLink to="/settings">
        <SettingsIcon />
        <span>Settings</span>
      </NavLink>
    </nav>
  );
}
