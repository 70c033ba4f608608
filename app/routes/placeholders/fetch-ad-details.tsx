import { Link } from 'react-router';
import { STATIC_PAGE_CACHE } from '#app/lib/cache.ts';
import { canonical, originFrom } from '#app/lib/seo.ts';
import type { Route } from './+types/fetch-ad-details';

export function headers() {
  return STATIC_PAGE_CACHE;
}

// A stub (docs/product.md §2): no screen uses the ad-details call behind it.
export default function FetchAdDetails() {
  return (
    <main>
      <h1 className="section-title">Ad details</h1>
      <p className="notice">Ad details are coming soon. Meanwhile, you can see your shops and buy ads for them in My Shop.</p>
      <p>
        <Link to="/myShop" className="button">
          Go to My Shop
        </Link>
      </p>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: 'Ad details · Kasuwa' },
    { name: 'description', content: 'Details of your Kasuwa shop ads are coming soon.' },
    canonical(originFrom(matches), '/fetchAdDetails'),
  ];
}
