import { Link } from 'react-router';
import { STATIC_PAGE_CACHE } from '#app/lib/cache.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { canonical, originFrom } from '#app/lib/seo.ts';
import type { Route } from './+types/fetch-ad-details';

export function headers() {
  return STATIC_PAGE_CACHE;
}

export function loader({ request }: Route.LoaderArgs) {
  return { words: pageWords(request, 'soon') };
}

// A stub (docs/product.md §2): no screen uses the ad-details call behind it.
export default function FetchAdDetails() {
  const t = useT();
  return (
    <main>
      <h1 className="section-title">{t('adDetails.heading')}</h1>
      <p className="notice">{t('adDetails.soon')}</p>
      <p>
        <Link to="/myShop" className="button">
          {t('adDetails.myShop')}
        </Link>
      </p>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('adDetails.pageTitle') }, { name: 'description', content: t('adDetails.description') }, canonical(originFrom(matches), '/fetchAdDetails')];
}
