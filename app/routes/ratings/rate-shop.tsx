import { data, Link, redirect } from 'react-router';
import { RatingForm } from '#app/components/shop/rating-form.tsx';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { formErrorsFrom } from '#app/lib/forms/provider-errors.ts';
import { RATING_FORM_FIELDS, rateShopFormSchema } from '#app/lib/forms/rating-form.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { myRatingOf } from '#app/lib/my-rating.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/rating.css?url';
import type { Route } from './+types/rate-shop';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

const shopPath = (shopId: string) => `/shop/${encodeURIComponent(shopId)}`;

/** The shop's name and the person's own rating, to edit; a shop that does not exist is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  try {
    const [reviews, mine] = await Promise.all([provider.shopRatings(params.shop_id, 1, 1), myRatingOf(request, signedIn, params.shop_id)]);
    return { shopName: reviews.shop_name, current: mine === 'own' ? null : mine, ownShop: mine === 'own', words: pageWords(request, 'shop', 'forms') };
  } catch (error) {
    if (isProviderError(error, 404)) throw data(MSG.shopNotFound, { status: 404 });
    if (error instanceof ProviderError) throw data(MSG.shopLoadFailed, { status: 503 });
    throw error;
  }
}

/** Saves the rating and goes back to the shop; someone not signed in signs in first and comes back to the shop. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = context.get(signedInContext);
  if (!signedIn) throw redirect(`/login?${new URLSearchParams({ redirectTo: shopPath(params.shop_id) })}`);
  const submission = parseSubmission(await readForm({ request, context }), rateShopFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.rate(token, params.shop_id, submission.value));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    // The owner's own shop (403) and a shop gone meanwhile (404) say so above the form.
    const refused = (error.status === 403 || error.status === 404) && error.formMessage();
    const errors = refused ? { formErrors: [refused], fieldErrors: {} } : formErrorsFrom(error, RATING_FORM_FIELDS, MSG.ratingFailed);
    return data({ result: submission.reply(errors) }, { status: error.status && error.status < 500 ? error.status : 502 });
  }
  return redirect(`${shopPath(params.shop_id)}?rated=1#rate-shop-thanks`);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected);
export const shouldRevalidate = revalidateUnlessOffline;

export default function RateShopPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="rating">
      <h1 className="section-title">{t('rate.title', { name: loaderData.shopName })}</h1>
      {loaderData.ownShop ? (
        <p className="notice">{t('rate.own')}</p>
      ) : (
        <RatingForm shopId={params.shop_id} current={loaderData.current} lastResult={actionData?.result} />
      )}
      <p>
        <Link to={shopPath(params.shop_id)}>{t('rate.back', { name: loaderData.shopName })}</Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('rate.pageTitle', { name: loaderData?.shopName ?? 'Kasuwa' }) }, { name: 'robots', content: 'noindex' }];
}
