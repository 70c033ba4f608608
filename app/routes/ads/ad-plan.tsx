import { Link } from 'react-router';
import { AdHistory } from '#app/components/ads/ad-history.tsx';
import { AdPlanSummary, AdStep } from '#app/components/ads/ad-plan-summary.tsx';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { ownShop } from '#app/routes/owner/own-shops.server.ts';
import adsStylesheet from '../../styles/ads.css?url';
import type { Route } from './+types/ad-plan';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adsStylesheet }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = requireSignedIn(request, context.get(signedInContext));
  const shop = await ownShop(request, visitor, params.shop_id);
  // The history is a courtesy before buying: the plan stays on offer without it.
  const ads = await asSignedIn(request, visitor, (token) => provider.shopAds(token, shop.id)).catch((error: unknown) => {
    if (isProviderError(error)) return null;
    throw error;
  });
  return { shop: { id: shop.id, name: shop.name, sponsoredUntil: shop.is_sponsored ? shop.sponsored_until : null }, ads, words: pageWords(request, 'ads') };
}

export default function AdPlan({ loaderData }: Route.ComponentProps) {
  const { shop, ads } = loaderData;
  const t = useT();
  return (
    <main className="ads-page">
      <h1 className="section-title">{t('ads.adsFor', { name: shop.name })}</h1>
      {ads && <AdHistory ads={ads} />}
      <AdStep step={1} />
      <AdPlanSummary sponsoredUntil={shop.sponsoredUntil} />
      <p className="ad-actions">
        <Link to={`/shop/${encodeURIComponent(shop.id)}/paymentInitiation`} className="button">
          {ads?.length ? t('ads.buyAnother') : t('ads.continue')}
        </Link>
        <Link to="/myShop" className="button secondary">
          {t('ads.backToMyShops')}
        </Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [
    { title: loaderData ? t('ads.adsForPageTitle', { name: loaderData.shop.name }) : t('ads.adsForAShopPageTitle') },
    { name: 'robots', content: 'noindex' },
  ];
}
