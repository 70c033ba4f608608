import { STATIC_PAGE_CACHE } from '#app/lib/cache.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { canonical, originFrom } from '#app/lib/seo.ts';
import type { Route } from './+types/verification';

export function headers() {
  return STATIC_PAGE_CACHE;
}

export function loader({ request }: Route.LoaderArgs) {
  return { words: pageWords(request, 'verification') };
}

/** What each check proves and what it does not, in plain words (docs/product.md §4). */
export default function Verification() {
  const t = useT();
  return (
    <main className="verification">
      <h1 className="section-title">{t('checks.heading')}</h1>
      <p>{t('checks.intro')}</p>
      <section id="phone" aria-labelledby="phone-title">
        <h2 id="phone-title">{t('checks.phoneTitle')}</h2>
        <p>{t('checks.phoneProves')}</p>
        <p>{t('checks.phoneNot')}</p>
      </section>
      <section id="bank" aria-labelledby="bank-title">
        <h2 id="bank-title">{t('checks.bankTitle')}</h2>
        <p>{t('checks.bankProves')}</p>
        <p>{t('checks.bankNot')}</p>
      </section>
      <section id="stall" aria-labelledby="stall-title">
        <h2 id="stall-title">{t('checks.stallTitle')}</h2>
        <p>{t('checks.stallProves')}</p>
        <p>{t('checks.stallNot')}</p>
      </section>
      <section aria-labelledby="care-title">
        <h2 id="care-title">{t('checks.careTitle')}</h2>
        <ul>
          <li>{t('checks.seeFirst')}</li>
          <li>{t('checks.stayHere')}</li>
          <li>{t('checks.report')}</li>
        </ul>
      </section>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('checks.pageTitle') }, { name: 'description', content: t('checks.description') }, canonical(originFrom(matches), '/verification')];
}
