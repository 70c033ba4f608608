import { Link } from 'react-router';
import { RedirectNotice } from '#app/components/owner/redirect-notice.tsx';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { ownShops } from '#app/routes/owner/own-shops.server.ts';
import { dayInLagos } from '#rules/dates.ts';
import { MSG } from '#rules/messages.ts';
import adsStylesheet from '../../styles/ads.css?url';
import ownerStylesheet from '../../styles/owner.css?url';
import type { Route } from './+types/purchase-ads';

/** How long the no-shop message shows before moving on to My Shop (docs/product.md §8). */
const NO_SHOP_DELAY_MS = 3000;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: ownerStylesheet },
  { rel: 'stylesheet', href: adsStylesheet },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = requireSignedIn(request, context.get(signedInContext));
  const shops = await ownShops(request, visitor);
  return {
    shops: shops.map(({ id, name, is_sponsored, sponsored_until }) => ({ id, name, sponsoredUntil: is_sponsored ? sponsored_until : null })),
    // The notice that sends an owner without a shop to My Shops is My Shops' own, with its words.
    words: pageWords(request, 'owner', 'ads'),
  };
}

export default function PurchaseAds({ loaderData }: Route.ComponentProps) {
  const { shops } = loaderData;
  const t = useT();
  return (
    <main className="ads-page">
      <h1 className="section-title">{t('ads.advertise')}</h1>
      {shops.length === 0 ? (
        <RedirectNotice message={t.said(MSG.noShopForAds)} to="/myShop" delayMs={NO_SHOP_DELAY_MS} tone="error" />
      ) : (
        <>
          <p>{t('ads.choose')}</p>
          <ul className="ad-shop-choices" aria-label={t('ads.yourShops')}>
            {shops.map((shop) => (
              <li key={shop.id}>
                <Link to={`/shop/${encodeURIComponent(shop.id)}/step1`} className="ad-shop-choice">
                  <span className="ad-shop-name">{shop.name}</span>
                  <span className="ad-shop-state">
                    {shop.sponsoredUntil ? t('ads.sponsoredUntil', { date: dayInLagos(shop.sponsoredUntil, t.language) }) : t('ads.notSponsored')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: translator(wordsOnScreen(matches))('ads.advertisePageTitle') }, { name: 'robots', content: 'noindex' }];
}
