import { Link } from 'react-router';
import { AdHistory } from '#app/components/ads/ad-history.tsx';
import { AdPlanSummary, AdStep } from '#app/components/ads/ad-plan-summary.tsx';
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
  return { shop: { id: shop.id, name: shop.name, sponsoredUntil: shop.is_sponsored ? shop.sponsored_until : null }, ads };
}

export default function AdPlan({ loaderData }: Route.ComponentProps) {
  const { shop, ads } = loaderData;
  return (
    <main className="ads-page">
      <h1 className="section-title">Ads for {shop.name}</h1>
      {ads && <AdHistory ads={ads} />}
      <AdStep step={1} />
      <AdPlanSummary sponsoredUntil={shop.sponsoredUntil} />
      <p className="ad-actions">
        <Link to={`/shop/${encodeURIComponent(shop.id)}/paymentInitiation`} className="button">
          {ads?.length ? 'Buy another month' : 'Continue'}
        </Link>
        <Link to="/myShop" className="button secondary">
          Back to My Shops
        </Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Ads for ${loaderData.shop.name} · Kasuwa` : 'Ads for a shop · Kasuwa' }, { name: 'robots', content: 'noindex' }];
}
