import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('shop/:id?', 'routes/shop.tsx'),
  route('product/:id', 'routes/product-redirect.ts'),
  route('searchResults', 'routes/search-results.tsx'),
  route('messages', 'routes/placeholders/messages.tsx'),
  route('lilyChat', 'routes/placeholders/lily-chat.tsx'),
  route('rating', 'routes/placeholders/rating.tsx'),
  route('settings', 'routes/placeholders/settings.tsx'),
  route('fetchAdDetails', 'routes/placeholders/fetch-ad-details.tsx'),
  route('search-suggestions', 'routes/resources/search-suggestions.ts'),
  route('media/*', 'routes/media.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('healthz', 'routes/healthz.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
