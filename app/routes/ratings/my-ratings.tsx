import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import { Pager } from '#app/components/shops/pager.tsx';
import { Stars } from '#app/components/shops/stars.tsx';
import { LoadFailed } from '#app/components/ui/load-failed.tsx';
import { removeRatingFormSchema } from '#app/lib/forms/rating-form.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { pageFrom } from '#app/lib/paging.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/rating.css?url';
import type { Route } from './+types/my-ratings';

const MY_RATINGS = '/rating';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const page = pageFrom(new URL(request.url));
  const words = pageWords(request, 'mine', 'shops', 'forms');
  try {
    const mine = await asSignedIn(request, signedIn, (token) => provider.myRatings(token, page));
    return { ratings: mine.results, page, nextPage: mine.next_page, failed: false, words };
  } catch (error) {
    if (!isProviderError(error)) throw error;
    return data({ ratings: [], page, nextPage: null, failed: true, words }, { status: 503 });
  }
}

/** Removes one of my ratings and shows the list again. */
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  const parsed = removeRatingFormSchema.safeParse(Object.fromEntries(await readForm({ request, context })));
  if (!parsed.success) return data({ removeError: MSG.ratingRemoveFailed }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.removeRating(token, parsed.data.shopId));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    // Already gone (removed from another tab) is what was asked for.
    const status = error.status ?? 502;
    if (status !== 404) {
      const message = status === 429 ? MSG.tooManyAttempts(error.retryAfterSeconds) : status === 409 ? MSG.hiddenRatingKept : MSG.ratingRemoveFailed;
      return data({ removeError: message }, { status: status < 500 ? status : 502 });
    }
  }
  return redirect(`${MY_RATINGS}?removed=1`);
}

export default function MyRatings({ loaderData, actionData }: Route.ComponentProps) {
  const { ratings, page, nextPage, failed } = loaderData;
  const [params] = useSearchParams();
  const t = useT();
  return (
    <main className="rating">
      <h1 className="section-title">{t('myRatings.heading')}</h1>
      {params.get('removed') === '1' && (
        <p className="notice success" role="status">
          {t('myRatings.removed')}
        </p>
      )}
      {actionData?.removeError && (
        <p className="notice error" role="alert">
          {t.said(actionData.removeError)}
        </p>
      )}
      {failed ? (
        <LoadFailed retryHref={MY_RATINGS} />
      ) : ratings.length === 0 ? (
        <p className="notice">
          {t('myRatings.none')} <Link to="/">{t('mine.browse')}</Link>
        </p>
      ) : (
        <>
          <ul className="my-ratings" aria-label={t('myRatings.list')}>
            {ratings.map((rating) => {
              const shopPath = `/shop/${encodeURIComponent(rating.shop_id)}`;
              return (
                <li key={rating.id}>
                  <h2>
                    <Link to={shopPath}>{rating.shop_name}</Link>
                  </h2>
                  <p>
                    <Stars value={rating.stars} />
                  </p>
                  {rating.review && <p className="review-text">{rating.review}</p>}
                  {rating.hidden && <p className="notice">{t('myRatings.hiddenNote')}</p>}
                  <div className="my-rating-actions">
                    <Link to={`${shopPath}/rate`} className="button secondary" aria-label={t('myRatings.editLabel', { name: rating.shop_name })}>
                      {t('myRatings.edit')}
                    </Link>
                    {!rating.hidden && (
                      <Form method="post" action={MY_RATINGS}>
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="shopId" value={rating.shop_id} />
                        <button type="submit" className="secondary" aria-label={t('myRatings.removeLabel', { name: rating.shop_name })}>
                          {t('myRatings.remove')}
                        </button>
                      </Form>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          <Pager page={page} nextPage={nextPage} hrefFor={(n) => (n === 1 ? MY_RATINGS : `${MY_RATINGS}?page=${n}`)} more={t('myRatings.more')} />
        </>
      )}
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: translator(wordsOnScreen(matches))('myRatings.pageTitle') }, { name: 'robots', content: 'noindex' }];
}
