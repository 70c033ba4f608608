import { Link } from 'react-router';
import { AdPlanSummary, AdStep } from '#app/components/ads/ad-plan-summary.tsx';
import { requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { ownShop } from '#app/routes/owner/own-shops.server.ts';
import adsStylesheet from '../../styles/ads.css?url';
import type { Route } from './+types/ad-plan';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adsStylesheet }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = requireSignedIn(request, context.get(signedInContext));
  const shop = await ownShop(request, visitor, params.shop_id);
  return { shop: { id: shop.id, name: shop.name, sponsoredUntil: shop.is_sponsored ? shop.sponsored_until : null } };
}

export default function AdPlan({ loaderData }: Route.ComponentProps) {
  const { shop } = loaderData;
  return (
    <main className="ads-page">
      <AdStep step={1} />
      <h1 className="section-title">Advertise {shop.name}</h1>
      <AdPlanSummary sponsoredUntil={shop.sponsoredUntil} />
      <p className="ad-actions">
        <Link to={`/shop/${encodeURIComponent(shop.id)}/paymentInitiation`} className="button">
          Continue
        </Link>
        <Link to="/myShop" className="button secondary">
          Back to My Shops
        </Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Advertise ${loaderData.shop.name} · Kasuwa` : 'Advertise a shop · Kasuwa' }, { name: 'robots', content: 'noindex' }];
}
