import { ReportPage } from '#app/components/moderation/report-page.tsx';
import { keepFormWhenOffline, revalidateUnlessOffline } from '#app/lib/forms/offline-submission.ts';
import { translator, useT, wordsOnScreen } from '#app/lib/i18n/words.ts';
import { keepsSharedPages } from '#app/lib/keeps-shared-pages.server.ts';
import { reportPath } from '#app/lib/moderation-paths.ts';
import { signedInContext } from '#app/lib/session.server.ts';
import type { RouteHandle } from '#app/root.tsx';
import { MSG } from '#rules/messages.ts';
import stylesheet from '../../styles/moderation.css?url';
import type { Route } from './+types/report-review';
import { loadReportPage, sendReport } from './report.server';

/** The Lite mode switch reloads the page: without JavaScript it is not offered here. */
export const handle: RouteHandle = { typedForm: true };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  loadReportPage(request, context.get(signedInContext), { shopId: params.shop_id, ratingId: params.rating_id });

export const middleware: Route.MiddlewareFunction[] = [keepsSharedPages];

export const action = ({ request, params, context }: Route.ActionArgs) =>
  sendReport(request, context, context.get(signedInContext), { shopId: params.shop_id, ratingId: params.rating_id });

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => keepFormWhenOffline(serverAction, MSG.networkOrUnexpected);
export const shouldRevalidate = revalidateUnlessOffline;

export default function ReportReview({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  const { review } = loaderData;
  // Only a shop's report page outlives its shop (report.server.ts).
  const shopName = loaderData.shopName ?? '';
  return (
    <ReportPage
      title={t('report.reviewTitle', { name: shopName })}
      quote={review ? t('report.reviewQuote', { stars: review.stars, author: review.author, text: review.review || t('report.noText') }) : undefined}
      back={{ to: `/shop/${encodeURIComponent(params.shop_id)}`, label: t('report.backTo', { name: shopName }) }}
      action={reportPath(params.shop_id, params.rating_id)}
      sent={loaderData.sent}
      lastResult={actionData?.result}
    />
  );
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translator(wordsOnScreen(matches));
  return [{ title: t('report.reviewPageTitle', { name: loaderData?.shopName ?? 'Kasuwa' }) }, { name: 'robots', content: 'noindex' }];
}
