import { Link } from 'react-router';
import { STATIC_PAGE_CACHE } from '#app/lib/cache.ts';
import { canonical, originFrom } from '#app/lib/seo.ts';
import type { Route } from './+types/settings';

export function headers() {
  return STATIC_PAGE_CACHE;
}

export default function Settings() {
  return (
    <main>
      <h1 className="section-title">Settings</h1>
      <p className="notice">Version two is coming! Settings for your account and notifications will live here.</p>
      <p>
        <Link to="/">Back to shops</Link>
      </p>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: 'Settings · Kasuwa' },
    { name: 'description', content: 'Kasuwa settings are coming in version two.' },
    canonical(originFrom(matches), '/settings'),
  ];
}
