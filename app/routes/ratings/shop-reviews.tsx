import { data, Link, useSearchParams } from 'react-router';
import { ReviewList } from '#app/components/shop/review-list.tsx';
import { Pager } from '#app/components/shops/pager.tsx';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { myRatingOf } from '#app/lib/my-rating.server.ts';
import { pageFrom } from '#app/lib/paging.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import { type SignedIn, signedInContext } from '#app/lib/session.server.ts';
import { REVIEWS_PAGE_SIZE } from '#rules/limits.ts';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/rating.css?url';
import type { Route } from './+types/shop-reviews';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

/** Whether the signed-in person owns the shop, to offer them an answer to each review; the reviews show either way. */
async function ownsShop(request: Request, signedIn: SignedIn | null, shopId: string): Promise<boolean> {
  if (!signedIn) return false;
  try {
    return (await myRatingOf(request, signedIn, shopId)) === 'own';
  } catch (error) {
    if (error instanceof ProviderError) return false;
    throw error;
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = pageFrom(new URL(request.url));
  try {
    const [reviews, owner] = await Promise.all([
      provider.shopRatings(params.shop_id, page, REVIEWS_PAGE_SIZE),
      ownsShop(request, context.get(signedInContext), params.shop_id),
    ]);
    return {
      shopName: reviews.shop_name,
      reviews: reviews.results,
      page,
      nextPage: reviews.next_page,
      owner,
      words: pageWords(request, 'shops', 'shop'),
    };
  } catch (error) {
    if (isProviderError(error, 404)) throw data(MSG.shopNotFound, { status: 404 });
    if (error instanceof ProviderError) throw data(MSG.shopLoadFailed, { status: 503 });
    throw error;
  }
}

export default function ShopReviews({ loaderData, params }: Route.ComponentProps) {
  const { shopName, reviews, page, nextPage, owner } = loaderData;
  const [search] = useSearchParams();
  const shopPath = `/shop/${encodeURIComponent(params.shop_id)}`;
  const t = useT();
  return (
    <main className="rating">
      <h1 className="section-title">{t('reviews.heading', { name: shopName })}</h1>
      <p>
        <Link to={shopPath}>{t('rate.back', { name: shopName })}</Link>
      </p>
      {search.has('answered') && (
        <p className="notice success" role="status">
          {t('answer.saved')}
        </p>
      )}
      {reviews.length ? <ReviewList reviews={reviews} answerable={owner} /> : <p className="notice">{t('reviews.none')}</p>}
      <Pager page={page} nextPage={nextPage} hrefFor={(n) => (n === 1 ? `${shopPath}/reviews` : `${shopPath}/reviews?page=${n}`)} more={t('ratings.more')} />
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  return [{ title: translator(wordsOnScreen(matches))('reviews.pageTitle', { name: loaderData?.shopName ?? 'Kasuwa' }) }];
}
