import { data, redirect } from 'react-router';
import { ContactLinks } from '#app/components/shop/contact-links.tsx';
import { MorePhotos } from '#app/components/shop/more-photos.tsx';
import { OrderControl } from '#app/components/shop/order-control.tsx';
import { PagePhoto } from '#app/components/shop/page-photo.tsx';
import { ShopChecks } from '#app/components/shops/shop-checks.tsx';
import { oneDecimal } from '#app/components/shops/stars.tsx';
import { getWebEnv } from '#app/lib/env.server.ts';
import { CONDITION_WORDS } from '#app/lib/i18n/condition-words.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { placeOf } from '#app/lib/place.ts';
import { productMeta } from '#app/lib/product-meta.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import type { ProductWithShop } from '#app/lib/provider/contract.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import { MSG } from '#rules/messages.ts';
import { priceInNaira } from '#rules/naira.ts';
import { productGreeting } from '#rules/whatsapp-greetings.ts';
import type { Route } from './+types/product';

/** The product; else whether the id is a shop's, as the older client's copy-link shared (docs/decisions/067-product-pages.md). */
async function find(id: string): Promise<{ product?: ProductWithShop; shop?: true }> {
  try {
    return { product: await provider.getProduct(id) };
  } catch (error) {
    if (!isProviderError(error, 404)) throw error;
  }
  try {
    // Its product list, not the shop itself: a redirect must not count a visit.
    await provider.shopProducts(id);
    return { shop: true };
  } catch (error) {
    if (!isProviderError(error, 404)) throw error;
    return {};
  }
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = params.id.trim();
  if (!id) throw data(MSG.productNotFound, { status: 404 });
  let found: Awaited<ReturnType<typeof find>>;
  try {
    found = await find(id);
  } catch (error) {
    // Slow, unreachable or confused provider: worth a retry, unlike a missing product.
    if (error instanceof ProviderError) throw data(MSG.productLoadFailed, { status: 503 });
    throw error;
  }
  if (found.product) return { product: found.product, webUrl: getWebEnv().webUrl, words: pageWords(request, 'shop', 'shops') };
  if (found.shop) throw redirect(`/shop/${encodeURIComponent(id)}`, 301);
  throw data(MSG.productNotFound, { status: 404 });
}

// Like the shop page: browsers ask again each time, while the web tier's own shared copy serves anonymous visitors.
export function headers() {
  return { 'Cache-Control': 'private, no-cache' };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, webUrl } = loaderData;
  const { shop } = product;
  const price = priceInNaira(product.price);
  const productUrl = `${webUrl}/product/${encodeURIComponent(product.id)}`;
  const shopId = product.shop_id ?? shop?.id;
  const t = useT();
  return (
    <main className="shop-page product-page" key={product.id}>
      <div className="product-photos">
        <PagePhoto of={product} />
        <MorePhotos product={product} />
      </div>
      <div className="shop-summary" id={`product-${product.id}`}>
        <h1>{product.name}</h1>
        <p className="product-page-price">
          {price}
          {product.negotiable && <span className="negotiable">{t('product.negotiable')}</span>}
        </p>
        <ul className="shop-facts" aria-label={t('product.about')}>
          {product.condition && <li>{t('product.condition', { condition: t(CONDITION_WORDS[product.condition]) })}</li>}
          <li className={product.in_stock ? 'in-stock' : 'out-of-stock'}>{product.in_stock ? t('product.inStock') : t('shop.outOfStock')}</li>
        </ul>
        {shop && <ContactLinks phone={shop.owner_phone} whatsapp={shop.whatsapp} greeting={productGreeting(product.name, price, productUrl)} />}
        {shopId && product.in_stock !== false && <OrderControl product={product} shopId={shopId} />}
      </div>
      {product.description && (
        <section className="shop-about" aria-labelledby="description-title">
          <h2 id="description-title">{t('product.description')}</h2>
          <p className="shop-description">{product.description}</p>
        </section>
      )}
      <SoldBy shop={shop} shopId={product.shop_id} />
    </main>
  );
}

type SellingShop = Route.ComponentProps['loaderData']['product']['shop'];

/** A provider without our shop summary names only the shop's id: the link alone remains. */
function SoldBy({ shop, shopId }: { shop: SellingShop; shopId: string | undefined }) {
  const t = useT();
  const id = shop?.id ?? shopId;
  if (!id) return null;
  const place = shop ? placeOf(shop) : '';
  return (
    <section className="shop-about product-seller" aria-labelledby="seller-title">
      <h2 id="seller-title">{t('product.soldBy')}</h2>
      <p className="seller-name">
        <a href={`/shop/${encodeURIComponent(id)}`}>{shop?.name ?? t('product.seeShop')}</a>
        {shop?.is_sponsored && <span className="paid-badge">{t('card.sponsored')}</span>}
      </p>
      {shop && <ShopChecks phoneVerified={shop.phone_verified} stallVisitedAt={shop.stall_visited_at} bankMatched={shop.bank_match !== null} />}
      {shop && (
        <ul className="shop-facts">
          {place && <li>{place}</li>}
          <li>{shop.rating_count > 0 ? `★ ${oneDecimal(shop.rating_average)} · ${t('shop.ratings', { count: shop.rating_count })}` : t('product.notRated')}</li>
        </ul>
      )}
    </section>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  // Without data the root error boundary sets the title.
  return loaderData ? productMeta(loaderData.product, loaderData.webUrl, translator(wordsOnScreen(matches))) : [];
}
