import { data, Link, useSearchParams } from 'react-router';
import { ContactLinks } from '#app/components/shop/contact-links.tsx';
import { CopyLink } from '#app/components/shop/copy-link.tsx';
import { PagePhoto } from '#app/components/shop/page-photo.tsx';
import { ProductGrid } from '#app/components/shop/product-grid.tsx';
import { RateShop } from '#app/components/shop/rate-shop.tsx';
import type { CurrentRating } from '#app/components/shop/rating-fields.tsx';
import { RatingSummary } from '#app/components/shop/rating-summary.tsx';
import { HeartButton, SavedHearts } from '#app/components/shops/heart-button.tsx';
import { BankMatchLine, ShopChecks } from '#app/components/shops/shop-checks.tsx';
import { oneDecimal } from '#app/components/shops/stars.tsx';
import { getWebEnv } from '#app/lib/env.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { reportPath } from '#app/lib/moderation-paths.ts';
import { myRatingOf } from '#app/lib/my-rating.server.ts';
import { placeOf } from '#app/lib/place.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import type { Shop } from '#app/lib/provider/contract.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import { keepDataAfterSaving } from '#app/lib/saved/keep-data-after-saving.ts';
import { savedIdsOf } from '#app/lib/saved/saved-shops.server.ts';
import { type SignedIn, signedInContext } from '#app/lib/session.server.ts';
import { shopMeta } from '#app/lib/shop-meta.ts';
import { MSG } from '#rules/messages.ts';
import { shopGreeting } from '#rules/whatsapp-greetings.ts';
import type { Route } from './+types/shop';

/** A signed-in person's own rating for the overlay (see myRatingOf); none when it cannot be read: the shop still shows. */
async function myRating(request: Request, signedIn: SignedIn | null, shopId: string): Promise<CurrentRating | 'own'> {
  if (!signedIn) return null;
  return myRatingOf(request, signedIn, shopId).catch((error: unknown) => {
    if (error instanceof ProviderError) return null;
    throw error;
  });
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The id is optional in routes.ts so that `/shop` and `/shop/%20` get their own message (docs/product.md §8).
  const id = params.id?.trim() ?? '';
  if (!id) throw data(MSG.noShopId, { status: 404 });
  const signedIn = context.get(signedInContext);
  let shop: Shop;
  let mine: CurrentRating | 'own';
  let saved;
  try {
    [shop, mine, saved] = await Promise.all([provider.getShop(id, request), myRating(request, signedIn, id), savedIdsOf(request, signedIn)]);
  } catch (error) {
    if (isProviderError(error, 404)) throw data(MSG.shopNotFound, { status: 404 });
    // Slow, unreachable or confused provider: worth a retry, unlike a missing shop.
    if (error instanceof ProviderError) throw data(MSG.shopLoadFailed, { status: 503 });
    throw error;
  }
  return {
    shop,
    webUrl: getWebEnv().webUrl,
    signedIn: Boolean(signedIn),
    mine: mine === 'own' ? null : mine,
    ownShop: mine === 'own',
    saved: saved.has(shop.id),
    words: pageWords(request, 'shops', 'shop'),
  };
}

export const shouldRevalidate = keepDataAfterSaving;

// Every view must count a visit: a browser's or a CDN's copy would not. The web tier's own shared copy
// counts the views it answers (lib/visit-counts.server.ts).
export function headers() {
  return { 'Cache-Control': 'private, no-cache' };
}

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { shop, webUrl, signedIn, mine, ownShop, saved } = loaderData;
  const [searchParams] = useSearchParams();
  const shopUrl = `${webUrl}/product/${encodeURIComponent(shop.id)}`;
  // Six characters are easier to send and read out than an id (docs/decisions/064-copy-the-short-link.md).
  const copiedUrl = shop.short_code ? `${webUrl}/s/${shop.short_code}` : shopUrl;
  const tags = shop.tags.filter(Boolean);
  const t = useT();
  return (
    // Keyed by shop, so moving from one shop to another starts with fresh forms and notes.
    <main className="shop-page" key={shop.id}>
      <PagePhoto of={shop} />
      <div className="shop-summary">
        <div className="shop-title">
          <h1>{shop.name}</h1>
          <SavedHearts back={`/shop/${encodeURIComponent(shop.id)}`} />
          <HeartButton shopId={shop.id} shopName={shop.name} saved={saved} />
        </div>
        {shop.category && <p className="shop-category">{shop.category}</p>}
        <ShopChecks phoneVerified={shop.phone_verified} stallVisitedAt={shop.stall_visited_at} bankMatched={shop.bank_match !== null} />
        <BankMatchLine match={shop.bank_match} />
        <ul className="shop-facts">
          {shop.owner_status && <li>{shop.owner_status}</li>}
          <li>{t('shop.visits', { count: shop.visitor_count })}</li>
          {shop.rating_count > 0 && (
            <li>
              <a href="#ratings-title">
                ★ {oneDecimal(shop.rating_average)} · {t('shop.ratings', { count: shop.rating_count })}
              </a>
            </li>
          )}
        </ul>
        <ContactLinks phone={shop.owner_phone} whatsapp={shop.whatsapp} greeting={shopGreeting(shop.name, shopUrl)} />
        <div className="shop-actions">
          <RateShop shop={shop} signedIn={signedIn} ownShop={ownShop} current={mine} thanked={searchParams.has('rated')} />
          {!ownShop && (
            <Link to={`/shop/${encodeURIComponent(shop.id)}/message`} className="button secondary message-shop">
              {t('shop.message')}
            </Link>
          )}
        </div>
        <CopyLink url={copiedUrl} />
      </div>
      <section className="shop-about" aria-labelledby="about-title">
        <h2 id="about-title">{t('shop.about')}</h2>
        {shop.description && <p className="shop-description">{shop.description}</p>}
        {shop.address && (
          <p>
            <strong>{t('shop.address')}</strong> {shop.address}
          </p>
        )}
        {placeOf(shop) && (
          <p>
            <strong>{t('shop.area')}</strong> {placeOf(shop)}
          </p>
        )}
        {tags.length > 0 && (
          <ul className="shop-tags" aria-label={t('shop.tags')}>
            {tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
        <a className="report-link" href={reportPath(shop.id)} rel="nofollow">
          {t('shop.report')}
        </a>
      </section>
      <section className="shop-products" aria-labelledby="products-title">
        <h2 id="products-title">{t('shop.products')}</h2>
        <ProductGrid products={shop.products ?? []} shopId={shop.id} />
      </section>
      <RatingSummary shop={shop} ownShop={ownShop} />
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  // Without data the root error boundary sets the title.
  return loaderData ? shopMeta(loaderData.shop, loaderData.webUrl, translator(wordsOnScreen(matches))) : [];
}
