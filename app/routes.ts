import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('shop/:id?', 'routes/shop.tsx'),
  route('product/:id', 'routes/product-redirect.ts'),
  // Static last segments keep these apart from the public shop page, `shop/:id?`.
  route('shop/:shop_id/products', 'routes/owner/products.tsx'),
  route('shop/:shop_id/add-products', 'routes/owner/add-products.tsx'),
  route('shop/:product_id/edit-products', 'routes/owner/edit-product.tsx'),
  route('searchResults', 'routes/search-results.tsx'),
  route('messages', 'routes/placeholders/messages.tsx'),
  route('lilyChat', 'routes/placeholders/lily-chat.tsx'),
  route('rating', 'routes/placeholders/rating.tsx'),
  route('settings', 'routes/placeholders/settings.tsx'),
  route('fetchAdDetails', 'routes/placeholders/fetch-ad-details.tsx'),
  route('login', 'routes/auth/login.tsx'),
  route('signup', 'routes/auth/signup.tsx'),
  route('forgotPassword', 'routes/auth/forgot-password.tsx'),
  route('reset-password', 'routes/auth/reset-password.tsx'),
  route('logout', 'routes/auth/logout.ts'),
  route('keep-alive', 'routes/auth/keep-alive.ts'),
  route('search-suggestions', 'routes/resources/search-suggestions.ts'),
  route('media/*', 'routes/media.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('healthz', 'routes/healthz.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
