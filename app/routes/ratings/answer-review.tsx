import { data, Link, redirect } from 'react-router';
import { AnswerForm } from '#app/components/shop/answer-form.tsx';
import { ReviewList } from '#app/components/shop/review-list.tsx';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { formErrorsFrom } from '#app/lib/forms/provider-errors.ts';
import { ANSWER_FORM_FIELDS, answerReviewFormSchema } from '#app/lib/forms/rating-form.ts';
import { readForm } from '#app/lib/forms/read-form.server.ts';
import { parseSubmission } from '#app/lib/forms/submission.server.ts';
import { pageWords } from '#app/lib/i18n/words.server.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { answerPath } from '#app/lib/moderation-paths.ts';
import { myRatingOf } from '#app/lib/my-rating.server.ts';
import { provider } from '#app/lib/provider/client.server.ts';
import { isProviderError, ProviderError } from '#app/lib/provider/errors.ts';
import { asSignedIn, requireSignedIn, signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/rating.css?url';
import type { Route } from './+types/answer-review';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

const reviewsPath = (shopId: string) => `/shop/${encodeURIComponent(shopId)}/reviews`;

/** The review with its current answer; only the shop's owner is offered the form. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const signedIn = requireSignedIn(request, context.get(signedInContext));
  try {
    const [{ shop_name, ...review }, mine] = await Promise.all([
      provider.shopReview(params.shop_id, params.rating_id),
      myRatingOf(request, signedIn, params.shop_id),
    ]);
    return { shopName: shop_name, review, owner: mine === 'own', words: pageWords(request, 'shop', 'forms') };
  } catch (error) {
    if (isProviderError(error, 404)) throw data(MSG.reviewNotFound, { status: 404 });
    if (error instanceof ProviderError) throw data(MSG.shopLoadFailed, { status: 503 });
    throw error;
  }
}

/** Saves the answer and shows it under its review; the API refuses anyone but the shop's owner. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = context.get(signedInContext);
  if (!signedIn) throw redirect(`/login?${new URLSearchParams({ redirectTo: answerPath(params.shop_id, params.rating_id) })}`);
  const submission = parseSubmission(await readForm({ request, context }), answerReviewFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    await asSignedIn(request, signedIn, (token) => provider.answerReview(token, params.shop_id, params.rating_id, submission.value));
  } catch (error) {
    if (!isProviderError(error)) throw error;
    // Not the owner (403), the review gone (404) or the answer hidden by a moderator (409): said above the form.
    const refused = (error.status === 403 || error.status === 404 || error.status === 409) && error.formMessage();
    const errors = refused ? { formErrors: [refused], fieldErrors: {} } : formErrorsFrom(error, ANSWER_FORM_FIELDS, MSG.answerFailed);
    return data({ result: submission.reply(errors) }, { status: error.status && error.status < 500 ? error.status : 502 });
  }
  return redirect(`${reviewsPath(params.shop_id)}?answered=1#review-${encodeURIComponent(params.rating_id)}`);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected);
export const shouldRevalidate = revalidateUnlessOffline;

export default function AnswerReviewPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { shopName, review, owner } = loaderData;
  const t = useT();
  return (
    <main className="rating">
      <h1 className="section-title">{t('answer.title', { name: shopName })}</h1>
      <ReviewList reviews={[review]} />
      {owner ? (
        <AnswerForm shopId={params.shop_id} ratingId={params.rating_id} current={review.answer?.body ?? null} lastResult={actionData?.result} />
      ) : (
        <p className="notice">{t('answer.notOwner')}</p>
      )}
      <p>
        <Link to={reviewsPath(params.shop_id)}>{t('rate.back', { name: shopName })}</Link>
      </p>
    </main>
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('answer.pageTitle', { name: loaderData?.shopName ?? 'Kasuwa' }) }, { name: 'robots', content: 'noindex' }];
}
