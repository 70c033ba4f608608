import { Link } from 'react-router';
import { useT } from '#app/lib/i18n/words.ts';

/** Where sign-up sends a new person: home, which greets them (only someone signed in). */
export const WELCOME_PATH = '/?welcome';

/** Sign-up does not ask whether someone buys or sells, so the greeting offers both ways on. */
export function Welcome({ username }: { username: string }) {
  const t = useT();
  return (
    <section className="notice success welcome" role="status">
      <h2>{t('welcome.title', { username })}</h2>
      <p>{t('welcome.text')}</p>
      <p className="welcome-actions">
        <Link to="/searchResults" className="button secondary">
          {t('welcome.browse')}
        </Link>
        <Link to="/createShop" className="button">
          {t('welcome.createShop')}
        </Link>
      </p>
    </section>
  );
}
