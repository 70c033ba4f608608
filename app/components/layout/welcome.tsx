import { Link } from 'react-router';

/** Where sign-up sends a new person: home, which greets them (only someone signed in). */
export const WELCOME_PATH = '/?welcome';

export function Welcome({ username }: { username: string }) {
  return (
    <section className="notice success welcome" role="status">
      <h2>Welcome to Kasuwa, {username}!</h2>
      <p>You are signed in. Next, put your shop on the market.</p>
      <Link to="/createShop" className="button">
        Create your shop
      </Link>
    </section>
  );
}
