import { getWebEnv } from '#app/lib/env.server.ts';
import { absoluteUrl } from '#app/lib/seo.ts';

// Account and owner pages hold nothing for a search engine. /media stays open so shop photos can be indexed;
// so does /createShop, which a crawler only sees as its redirect to /login.
const PRIVATE_PATHS = [
  '/myShop',
  '/editShop/',
  '/login',
  '/signup',
  '/forgotPassword',
  '/reset-password',
  '/purchaseAds',
  '/verify-transaction',
  '/search-suggestions',
  // The owner's pages below a shop (products, add-products, step1, paymentInitiation); the public /shop/{id} has no slash after the id.
  '/shop/*/',
];

export function loader() {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(getWebEnv().webUrl, '/sitemap.xml')}`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
