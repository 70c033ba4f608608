import { Link } from 'react-router';

/** Where sign-up sends a new person: home, which greets them (only someone signed in). */
export const WELCOME_PATH = '/?welcome';

/** Sign-up does not ask whether someone buys or sells, so the greeting offers both ways on. */
export function Welcome({ username }: { username: string }) {
  return (
    <section className="notice success welcome" role="status">
      <h2>Welcome to Kasuwa, {username}!</h2>
      <p>You are signed in. Buying? Browse the shops below and tap a heart to save the ones you like. Selling? Put your shop on the market.</p>
      <p className="welcome-actions">
        <Link to="/searchResults" className="button secondary">
          Browse shops
        </Link>
        <Link to="/createShop" className="button">
          Create your shop
        </Link>
      </p>
    </section>
  );
}
